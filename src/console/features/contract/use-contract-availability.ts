import { useQuery } from '@tanstack/react-query';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import type { OperationId } from '@/contract/operations';
import { CONTRACT_NEEDS, contractAvailability, type Availability } from './availability.ts';

/**
 * Whether the signed-in provider may act on this centre's contract, from the centre's billing
 * (4.6, the same query as the Licences tab and the header's facts: no request of its own).
 */
export function useContractAvailability(
  centreId: number,
  ownCentre: boolean,
  operations: readonly OperationId[],
): Availability {
  const offered = CONTRACT_NEEDS.every((operation) => operations.includes(operation));
  const roster = useQuery({
    ...everyDoctorWithLicensesQueryOptions(centreId),
    enabled: offered && !ownCentre,
  });
  if (!offered) return { kind: 'unknown' };
  return contractAvailability(ownCentre, roster.data?.billing);
}
