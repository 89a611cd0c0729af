import type { FailureTexts } from '@/components/useFailureText';

/**
 * The staff console's and the nurse's refusals, by the code the staff services answer
 * (`src/shared/errorCodes.ts`), in the `visit` namespace: shown through `useFailureText`, never the
 * server's English sentence.
 */
export const STAFF_FAILURES: FailureTexts = {
  codes: {
    status_same: 'visit:refusal.statusSame',
    status_final: 'visit:refusal.statusFinal',
    status_backwards: 'visit:refusal.statusBackwards',
    status_skips: 'visit:refusal.statusSkips',
    status_needs_all_results: 'visit:refusal.statusNeedsAllResults',
    status_needs_results: 'visit:refusal.statusNeedsResults',
    changed_meanwhile: 'visit:refusal.changedMeanwhile',
    conflict: 'visit:refusal.changedMeanwhile',
    results_not_yet: 'visit:refusal.resultsNotYet',
    bad_request: 'visit:refusal.resultsInvalid',
    validation_failed: 'visit:refusal.resultsInvalid',
    visit_closed: 'visit:refusal.visitClosed',
    not_a_nurse: 'visit:refusal.notANurse',
    visit_same: 'visit:refusal.visitSame',
    visit_final: 'visit:refusal.visitFinal',
    visit_backwards: 'visit:refusal.visitBackwards',
    visit_not_at_home_too_early: 'visit:refusal.notAtHomeTooEarly',
    visit_not_visit_day: 'visit:refusal.notVisitDay',
    visit_arrived_not_visit_day: 'visit:refusal.arrivedNotVisitDay',
    visit_collected_not_visit_day: 'visit:refusal.collectedNotVisitDay',
    visit_not_at_home_not_visit_day: 'visit:refusal.notAtHomeNotVisitDay',
    arrival_window_invalid: 'visit:refusal.windowInvalid',
    forbidden: 'visit:refusal.forbidden',
    not_found: 'visit:refusal.notFound',
    unauthorized: 'common:failure.unauthorized',
    rate_limited: 'common:failure.rateLimited',
  },
  fallback: 'visit:refusal.generic',
};
