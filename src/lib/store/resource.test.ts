import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/apiError';
import { Status } from '@/lib/status';
import { resource, resourceReducers, toFailure, type Resource } from './resource';

interface State {
  item: Resource<{ id: number } | null>;
  requestedIds: number[];
}

const slice = createSlice({
  name: 'test',
  initialState: { item: resource(null), requestedIds: [] } as State,
  reducers: {
    ...resourceReducers<State, { id: number }, number>()('item', (s) => s.item, {
      requested: (s, id) => {
        s.requestedIds.push(id);
      },
    }),
    other(state, _action: PayloadAction<void>) {
      state.requestedIds = [];
    },
  },
});
const { itemRequested, itemReceived, itemFailed } = slice.actions;

describe('toFailure', () => {
  it('keeps the status, code, message and fields of an API error', () => {
    const failure = toFailure(new ApiError('Bad postal code', 400, { postalCode: 'required' }, 'validation_failed'));
    expect(failure).toEqual({ status: 400, code: 'validation_failed', message: 'Bad postal code', fields: { postalCode: 'required' } });
  });

  it('turns any other error into a failure without status or code, and takes a fixed message', () => {
    expect(toFailure(new Error('boom'))).toEqual({ status: null, code: null, message: 'boom', fields: {} });
    expect(toFailure('plain')).toEqual({ status: null, code: null, message: 'plain', fields: {} });
    expect(toFailure(new ApiError('Server text', 500), 'Fixed text').message).toBe('Fixed text');
  });
});

describe('resourceReducers', () => {
  it('goes LOADING, SUCCESS and ERROR, keeping the data over a failed reload', () => {
    let s = slice.reducer(undefined, itemRequested(5));
    expect(s.item).toEqual({ status: Status.LOADING, data: null, error: null });
    expect(s.requestedIds).toEqual([5]);
    s = slice.reducer(s, itemReceived({ id: 5 }));
    expect(s.item).toEqual({ status: Status.SUCCESS, data: { id: 5 }, error: null });
    s = slice.reducer(s, itemRequested(5));
    expect(s.item).toEqual({ status: Status.LOADING, data: { id: 5 }, error: null });
    const failure = toFailure(new ApiError('Not found', 404));
    s = slice.reducer(s, itemFailed(failure));
    expect(s.item).toEqual({ status: Status.ERROR, data: { id: 5 }, error: failure });
    s = slice.reducer(s, itemRequested(6));
    expect(s.item.error).toBeNull();
  });
});
