import type { CoverageDto } from '@/lib/types/api';
import type { OrderAddress } from '@/lib/validation/order';
import { normalizePostalCode } from '@/lib/validation/postalCode';

/** Whether a coverage answer is the one for this laboratory and this address (country and postal code). */
export function coverageMatches(coverage: CoverageDto | null, laboratoryId: string | null, address: Pick<OrderAddress, 'country' | 'postalCode'>): coverage is CoverageDto {
  return (
    coverage !== null &&
    coverage.laboratoryId === laboratoryId &&
    coverage.country === address.country &&
    coverage.postalCode === normalizePostalCode(address.country, address.postalCode)
  );
}
