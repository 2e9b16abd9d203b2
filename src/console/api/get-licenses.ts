import { queryOptions } from '@tanstack/react-query';
import { means } from '@/console/lib/error-message';
import { ApiError } from '@/contract/api-error-value';
import type { LicenceSummary } from '@/console/domain/centre';
import type { LicensesResponse } from '@/contract/operations/get-licenses';
import type { LicenseType } from '@/contract/schemas';
import { runOperation } from './client.ts';

const load = () => import('@/contract/operations/get-licenses').then((module) => module.getLicenses);

/** 4.7 shape 4 (and D7 for `type`): licence detail (2.12). */
export type LicenceDetail = Extract<LicensesResponse, { shape: 'licenses' }>;

export const licensesKeys = {
  all: ['licenses'] as const,
  centre: (providerId: number) => [...licensesKeys.all, providerId] as const,
  summary: (providerId: number) => [...licensesKeys.centre(providerId), 'summary'] as const,
  byType: (providerId: number, type: LicenseType) =>
    [...licensesKeys.centre(providerId), 'type', type] as const,
  byUser: (providerId: number, userId: string) =>
    [...licensesKeys.centre(providerId), 'user', userId] as const,
};

// Licence state changes under the user's eyes (reports counted, a downgrade applied): data older
// than a minute is fetched again when the window regains focus (the client's default is off).
const FRESH_FOR_MS = 60_000;

const unexpected = (detail: string) => new ApiError({ kind: 'unexpected-response', detail });

/**
 * The licence summary of a centre (4.7 shapes 1–3). A 404 here means the centre has no licence
 * contract yet (spec 7: "license does not exist"; D5: a new self-billed centre has none until its
 * checkout), read as a value rather than an error: the screens say so instead of failing. The
 * centre itself is known to exist, since screens ask only about centres of the parent's list.
 */
export const licenceSummaryQueryOptions = (providerId: number) =>
  queryOptions({
    queryKey: licensesKeys.summary(providerId),
    queryFn: async ({ signal }): Promise<LicenceSummary> => {
      try {
        const response = await runOperation(load, { providerId }, { signal });
        if (response.shape === 'licenses') throw unexpected('licence detail where a summary was expected');
        return response;
      } catch (error) {
        if (means(error, 'not-found')) return { shape: 'no-contract' };
        throw error;
      }
    },
    staleTime: FRESH_FOR_MS,
    refetchOnWindowFocus: true,
  });

async function licenceDetail(
  input: { providerId: number; type?: LicenseType; userId?: string },
  signal: AbortSignal,
): Promise<LicenceDetail> {
  const response = await runOperation(load, input, { signal });
  if (response.shape !== 'licenses') throw unexpected('a summary where licence detail was expected');
  return response;
}

/** Every licence of one type in the centre (D7: `type` alone gives shape 4's `licenses`). */
export const licencesByTypeQueryOptions = (providerId: number, type: LicenseType) =>
  queryOptions({
    queryKey: licensesKeys.byType(providerId, type),
    queryFn: ({ signal }) => licenceDetail({ providerId, type }, signal),
    staleTime: FRESH_FOR_MS,
    refetchOnWindowFocus: true,
  });

/** One doctor's licences (4.7 shape 4); 404 when the doctor is not registered there (D7). */
export const doctorLicencesQueryOptions = (providerId: number, userId: string) =>
  queryOptions({
    queryKey: licensesKeys.byUser(providerId, userId),
    queryFn: ({ signal }) => licenceDetail({ providerId, userId }, signal),
    staleTime: FRESH_FOR_MS,
    refetchOnWindowFocus: true,
  });
