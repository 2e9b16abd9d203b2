import { queryOptions } from '@tanstack/react-query';
import { send } from '@/contract/transport';
import { proxyClient } from './client.ts';
import type { EnvironmentKind } from '@/proxy-api/console';

/**
 * "Now", the one the console counts days from (a TRIAL ending, a downgrade's date, a licence's
 * expiry: domain/days.ts), on every screen alike. Against a real service it is this browser's clock. In the demo environment the world is the simulator's,
 * whose time moves only with its test clock (D10), read from its control API on the proxy's own
 * origin (D11): otherwise a TRIAL the simulator has already disabled would read as "ends in 3 days".
 * Fetched again with the licence data, so a moved clock shows on refresh.
 */
export const serviceClockQueryOptions = (environment: EnvironmentKind) =>
  queryOptions({
    queryKey: ['service-clock', environment] as const,
    queryFn: environment === 'demo' ? readSimulatorClock : () => Promise.resolve(new Date()),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

async function readSimulatorClock({ signal }: { signal: AbortSignal }): Promise<Date> {
  // The schema is loaded on use: a boundary parsed with the contract's reading of an ISO 8601 UTC
  // instant (D10). The transport is not: the proxy client has it in the entry already.
  const { simulatorClockSchema } = await import('./service-clock-schema.ts');
  const result = await send(proxyClient, { method: 'GET', path: '/__sim/clock' }, simulatorClockSchema, {
    signal,
  });
  if (!result.ok) throw result.error;
  return result.value.now;
}

/**
 * `at`, a time this browser measured (when data arrived), on the service's clock: in the demo the
 * simulator's, which moves only with its test clock (D10), so that "Last updated" agrees with the
 * "in N days" beside it once the clock has moved. Elsewhere the service's clock is this browser's.
 */
export function onServiceClock(
  environment: EnvironmentKind,
  clock: { data: Date; dataUpdatedAt: number },
  at: number,
): number {
  return environment === 'demo' ? at + (clock.data.getTime() - clock.dataUpdatedAt) : at;
}
