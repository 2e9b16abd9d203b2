import { queryOptions } from '@tanstack/react-query';
import { runOperation } from './client.ts';

const load = () =>
  import('@/contract/operations/list-doctors-with-licenses').then((module) => module.listDoctorsWithLicenses);

/** 4.6's input: `search` is matched by the service on first or last name (D6). */
export interface DoctorsWithLicensesRequest {
  providerId: number;
  limit: number;
  offset: number;
  search: string;
}

export const doctorsWithLicensesKeys = {
  all: ['doctors-with-licenses'] as const,
  of: (providerId: number) => [...doctorsWithLicensesKeys.all, providerId] as const,
  list: ({ providerId, limit, offset, search }: DoctorsWithLicensesRequest) =>
    [...doctorsWithLicensesKeys.of(providerId), { limit, offset, search }] as const,
};

/** One page of a centre's doctors with their licences (4.6), searched on the server. */
export const doctorsWithLicensesQueryOptions = (request: DoctorsWithLicensesRequest) =>
  queryOptions({
    queryKey: doctorsWithLicensesKeys.list(request),
    queryFn: ({ signal }) => runOperation(load, request, { signal }),
    staleTime: 30_000,
  });
