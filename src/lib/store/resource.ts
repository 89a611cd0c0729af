import type { Draft, PayloadAction } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/apiError';
import { Status } from '@/lib/status';

/**
 * Why a call failed, as the store keeps it: the HTTP status (null for a network failure or an error
 * that is not an answer), the server's machine-readable code (`src/shared/errorCodes.ts`), the message
 * to show and the field errors. Made only by `toFailure`.
 */
export interface Failure {
  status: number | null;
  code: string | null;
  message: string;
  fields: Record<string, string>;
}

/**
 * The one way a caught error becomes a `Failure`. `message` replaces the error's own text where the
 * product shows a fixed message for the case (spec §8).
 */
export function toFailure(e: unknown, message?: string): Failure {
  const api = e instanceof ApiError ? e : null;
  return {
    status: api?.status ?? null,
    code: api?.code ?? null,
    message: message ?? (e instanceof Error ? e.message : String(e)),
    fields: api ? { ...api.fields } : {},
  };
}

/**
 * One loaded thing (a list, a card, the answer of a call) with its status (spec §4: INITIAL,
 * LOADING, SUCCESS, ERROR) and the failure of the last attempt. `data` stays while it reloads and
 * after a failed reload, so a page keeps what it showed.
 */
export interface Resource<T> {
  status: Status;
  data: T;
  error: Failure | null;
}

/** A resource never requested, holding `data` (null, an empty list ...). */
export const resource = <T>(data: T): Resource<T> => ({ status: Status.INITIAL, data, error: null });

type Target<T> = Resource<T> | Draft<Resource<T>>;

/** The request went out: LOADING, the previous failure forgotten, the data kept. */
export function startLoading<T>(r: Target<T>): void {
  r.status = Status.LOADING;
  r.error = null;
}

/** The answer arrived. */
export function succeed<T>(r: Target<T>, data: T): void {
  r.status = Status.SUCCESS;
  (r as Resource<T>).data = data;
  r.error = null;
}

/** The call failed; the data is kept. */
export function fail<T>(r: Target<T>, error: Failure): void {
  r.status = Status.ERROR;
  r.error = error;
}

/** Back to INITIAL (a form shown afresh, a flow finished), the data kept. */
export function reset<T>(r: Target<T>): void {
  r.status = Status.INITIAL;
  r.error = null;
}

interface Hooks<S, T, Req> {
  /** More to do when the request goes out (e.g. drop the data of another id). */
  requested?: (state: Draft<S>, request: Req) => void;
  /** More to do with the answer (e.g. keep a derived field). */
  received?: (state: Draft<S>, data: T) => void;
  /** More to do on failure (e.g. drop data that is no longer valid). */
  failed?: (state: Draft<S>, error: Failure) => void;
}

type ResourceReducers<S, K extends string, T, Req> = {
  [P in `${K}Requested`]: (state: Draft<S>, action: PayloadAction<Req>) => void;
} & {
  [P in `${K}Received`]: (state: Draft<S>, action: PayloadAction<T>) => void;
} & {
  [P in `${K}Failed`]: (state: Draft<S>, action: PayloadAction<Failure>) => void;
};

/**
 * The `<name>Requested` / `<name>Received` / `<name>Failed` case reducers of a resource of a slice,
 * to spread into `createSlice({ reducers })`:
 *
 *     ...resourceReducers<CheckoutState, NurseSlotDto[], SlotsQuery>()('slots', (s) => s.slots),
 *
 * `Requested` carries the request (the saga's input), `Received` the data, `Failed` a `Failure`.
 */
export function resourceReducers<S, T, Req = void>() {
  return <K extends string>(name: K, pick: (state: Draft<S>) => Target<T> | Target<T | null>, hooks: Hooks<S, T, Req> = {}): ResourceReducers<S, K, T, Req> =>
    ({
      [`${name}Requested`]: (state: Draft<S>, action: PayloadAction<Req>) => {
        startLoading(pick(state));
        hooks.requested?.(state, action.payload);
      },
      [`${name}Received`]: (state: Draft<S>, action: PayloadAction<T>) => {
        succeed(pick(state) as Target<T>, action.payload);
        hooks.received?.(state, action.payload);
      },
      [`${name}Failed`]: (state: Draft<S>, action: PayloadAction<Failure>) => {
        fail(pick(state), action.payload);
        hooks.failed?.(state, action.payload);
      },
    }) as ResourceReducers<S, K, T, Req>;
}
