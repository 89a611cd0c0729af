import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { isValidPostalCode, normalizePostalCode } from '@/shared/validation/postalCode';
import { coverageRequested } from '../checkoutSlice';
import { coverageMatches } from './coverage';

/**
 * Asks the server the home-visit coverage of the address saved in this checkout (when it has a valid
 * postal code and its answer is not known yet), so the visit fee shown is the zone's fee the order
 * will be charged. A failed look-up is not repeated here: the fee then stays "from".
 */
export function useSavedAddressCoverage(enabled: boolean): void {
  const dispatch = useAppDispatch();
  const laboratoryId = useAppSelector((s) => s.lab.activeLaboratoryId);
  const coverage = useAppSelector((s) => s.checkout.coverage.data);
  const coverageStatus = useAppSelector((s) => s.checkout.coverage.status);
  const country = useAppSelector((s) => s.checkout.orderAddress.country);
  const postalCode = useAppSelector((s) => s.checkout.orderAddress.postalCode);
  const known = coverageMatches(coverage, laboratoryId, { country, postalCode });
  useEffect(() => {
    if (!enabled || !laboratoryId || known || !postalCode || !isValidPostalCode(country, postalCode)) return;
    if (coverageStatus === Status.LOADING || coverageStatus === Status.ERROR) return;
    dispatch(coverageRequested({ laboratoryId, country, postalCode: normalizePostalCode(country, postalCode) }));
  }, [dispatch, enabled, laboratoryId, known, country, postalCode, coverageStatus]);
}
