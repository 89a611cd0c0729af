import { object, string } from 'yup';

/** The body of `POST orders/{id}/check-in`: the server checks the dates against the clock and the order. */
export const CHECK_IN_MESSAGES = {
  lastMealRequired: 'Give the time of the last meal',
  cycleStartInvalid: 'Give the date as YYYY-MM-DD',
};

export const checkInSchema = object({
  lastMealAt: string().strict().trim().max(40).required(CHECK_IN_MESSAGES.lastMealRequired),
  cycleStart: string().strict().trim().max(10, CHECK_IN_MESSAGES.cycleStartInvalid).nullable().optional(),
});
