import { queryOptions } from '@tanstack/react-query';
import { runOperation } from './client.ts';

const load = () =>
  import('@/contract/operations/list-doctors-with-licenses').then((module) => module.listDoctorsWithLicenses);

export interface DoctorsPageRequest {
  offset: number;
  limit: number;
  /** Sent to the service (4.6: partial, case-insensitive on first or last name); '' sends none. */
  search: string;
}

export const doctorsWithLicensesKeys = {
  all: ['doctors-with-licenses'] as const,
  provider: (providerId: number) => [...doctorsWithLicensesKeys.all, providerId] as const,
  page: (providerId: number, request: DoctorsPageRequest) =>
    [...doctorsWithLicensesKeys.provider(providerId), request] as const,
};

/** 4.6, one page (D6: limit 1…100, ordered by last name, name, id), searched on the server. */
export const doctorsWithLicensesQueryOptions = (providerId: number, request: DoctorsPageRequest) =>
  queryOptions({
    queryKey: doctorsWithLicensesKeys.page(providerId, request),
    queryFn: ({ signal }) => runOperation(load, { providerId, ...request }, { signal }),
    staleTime: 15_000,
  });
