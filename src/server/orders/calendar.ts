import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The nurse visit as an iCalendar object (RFC 5545, iTIP RFC 5546), made with ical-generator:
 * one VEVENT with a UID stable per order, DTSTART/DTEND in the laboratory's time zone (TZID with its
 * VTIMEZONE), LOCATION the visit address and DESCRIPTION the preparation. A move sends the same UID
 * with a higher SEQUENCE (METHOD:REQUEST); a cancellation METHOD:CANCEL with STATUS:CANCELLED.
 */
export interface VisitEventInput {
  orderId: number;
  /** Host part of the UID, e.g. the app's host name. */
  uidDomain: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  /** ISO instants of the slot. */
  start: string;
  end: string;
  /** IANA zone of the laboratory, e.g. Europe/Warsaw. */
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

export function visitUid(orderId: number, uidDomain: string): string {
  return `order-${orderId}@${uidDomain}`;
}

export function buildVisitCalendar(input: VisitEventInput): string {
  const cancel = input.method === 'CANCEL';
  const calendar = new ICalCalendar({
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    prodId: { company: 'Lab shop', product: 'Home visits', language: 'EN' },
  });
  // Only the VTIMEZONE generator at calendar level: DTSTAMP stays in UTC as RFC 5545 requires.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: visitUid(input.orderId, input.uidDomain),
    sequence: input.sequence,
    start: dayjs.utc(input.start).tz(input.timeZone),
    end: dayjs.utc(input.end).tz(input.timeZone),
    timezone: input.timeZone,
    stamp: new Date(),
    summary: input.summary,
    location: input.location,
    description: input.description,
    url: input.url,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: input.organizer,
    attendees: [{ name: input.attendee.name, email: input.attendee.email, rsvp: false }],
  });
  return calendar.toString();
}
