import { canChangeVisit, canTransition, nextStatuses, stepsAfterResults, transitionRefusal } from './orderLifecycle';

const none = { lineCount: 2, resultCount: 0 };
const some = { lineCount: 2, resultCount: 1 };
const all = { lineCount: 2, resultCount: 2 };

describe('order status transitions', () => {
  test('forward one step at a time', () => {
    expect(canTransition('placed', 'visit_confirmed', none)).toBe(true);
    expect(canTransition('visit_confirmed', 'sample_collected', none)).toBe(true);
    expect(canTransition('sample_collected', 'in_lab', none)).toBe(true);
    expect(canTransition('in_lab', 'partial_results', some)).toBe(true);
    expect(canTransition('partial_results', 'completed', all)).toBe(true);
  });

  test('partial results may be skipped, other steps may not', () => {
    expect(canTransition('in_lab', 'completed', all)).toBe(true);
    expect(transitionRefusal('placed', 'sample_collected', none)).toBe('skips');
    expect(transitionRefusal('placed', 'completed', all)).toBe('skips');
    expect(transitionRefusal('visit_confirmed', 'in_lab', none)).toBe('skips');
  });

  test('never back, never the same', () => {
    expect(transitionRefusal('in_lab', 'placed', none)).toBe('backwards');
    expect(transitionRefusal('partial_results', 'in_lab', some)).toBe('backwards');
    expect(transitionRefusal('sample_collected', 'visit_confirmed', none)).toBe('backwards');
    expect(transitionRefusal('in_lab', 'in_lab', none)).toBe('same');
  });

  test('nothing changes after cancelled or completed', () => {
    for (const to of ['placed', 'visit_confirmed', 'in_lab', 'completed', 'cancelled'] as const) {
      expect(transitionRefusal('cancelled', to, all)).toBe('final');
      expect(transitionRefusal('completed', to, all)).toBe('final');
    }
    expect(nextStatuses('cancelled', all)).toEqual([]);
    expect(nextStatuses('completed', all)).toEqual([]);
  });

  test('completed needs a result for every line; partial results need one', () => {
    expect(transitionRefusal('in_lab', 'completed', some)).toBe('needs_all_results');
    expect(transitionRefusal('in_lab', 'completed', { lineCount: 0, resultCount: 0 })).toBe('needs_all_results');
    expect(transitionRefusal('in_lab', 'partial_results', none)).toBe('needs_results');
  });

  test('cancel from any open status', () => {
    for (const from of ['placed', 'visit_confirmed', 'sample_collected', 'in_lab', 'partial_results'] as const) {
      expect(canTransition(from, 'cancelled', none)).toBe(true);
    }
  });

  test('next statuses offered to staff', () => {
    expect(nextStatuses('placed', none)).toEqual(['visit_confirmed', 'cancelled']);
    expect(nextStatuses('in_lab', none)).toEqual(['cancelled']);
    expect(nextStatuses('in_lab', some)).toEqual(['partial_results', 'cancelled']);
    expect(nextStatuses('in_lab', all)).toEqual(['partial_results', 'completed', 'cancelled']);
  });

  test('steps after results: through in_lab to partial or completed', () => {
    expect(stepsAfterResults('sample_collected', some)).toEqual(['in_lab', 'partial_results']);
    expect(stepsAfterResults('in_lab', all)).toEqual(['completed']);
    expect(stepsAfterResults('partial_results', some)).toEqual([]);
    expect(stepsAfterResults('partial_results', all)).toEqual(['completed']);
    expect(stepsAfterResults('completed', all)).toEqual([]);
    expect(stepsAfterResults('in_lab', none)).toEqual([]);
  });
});

describe('visit changes', () => {
  const start = '2026-12-10T10:00:00.000Z';
  test('allowed until 24 hours before the visit while placed or confirmed', () => {
    expect(canChangeVisit('placed', start, new Date('2026-12-09T10:00:00.000Z'))).toBe(true);
    expect(canChangeVisit('visit_confirmed', start, new Date('2026-12-08T10:00:00.000Z'))).toBe(true);
    expect(canChangeVisit('placed', start, new Date('2026-12-09T10:00:01.000Z'))).toBe(false);
    expect(canChangeVisit('sample_collected', start, new Date('2026-12-01T10:00:00.000Z'))).toBe(false);
    expect(canChangeVisit('cancelled', start, new Date('2026-12-01T10:00:00.000Z'))).toBe(false);
  });
});
