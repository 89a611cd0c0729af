import type { CoverageDto } from '@/shared/types/api';
import type { OrderAddress } from '@/shared/validation/order';
import { normalizePostalCode } from '@/shared/validation/postalCode';

/** Whether a coverage answer is the one for this laboratory and this address (country and postal code). */
export function coverageMatches(coverage: CoverageDto | null, laboratoryId: string | null, address: Pick<OrderAddress, 'country' | 'postalCode'>): coverage is CoverageDto {
  return (
    coverage !== null &&
    coverage.laboratoryId === laboratoryId &&
    coverage.country === address.country &&
    coverage.postalCode === normalizePostalCode(address.country, address.postalCode)
  );
}
