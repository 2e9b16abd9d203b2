import { useQuery } from '@tanstack/react-query';
import { everyDoctorWithLicensesQueryOptions } from '@/console/api/list-doctors-with-licenses';
import { contractAvailability, type Availability } from '@/console/domain/contract-actions';

/**
 * Whether the signed-in provider may act on this centre's contract, from the centre's billing
 * (4.6, the same query as the Licences tab and the header's facts: no request of its own).
 * `offered`: the environment has what the Contract tab needs (app/centre-tabs.ts).
 */
export function useContractAvailability(
  centreId: number,
  ownCentre: boolean,
  offered: boolean,
): Availability {
  const roster = useQuery({
    ...everyDoctorWithLicensesQueryOptions(centreId),
    enabled: offered && !ownCentre,
  });
  if (!offered) return { kind: 'unknown' };
  return contractAvailability(ownCentre, roster.data?.billing);
}
