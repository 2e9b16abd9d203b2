import { queryOptions } from '@tanstack/react-query';
import { runOperation } from './client.ts';

const load = () =>
  import('@/contract/operations/list-report-templates').then((module) => module.listReportTemplates);

/**
 * What the console asks of 4.9. `excludeProvider` exists only beside a `userId`: the spec leaves
 * its effect alone undefined (rule 4) and D9 answers it with 400, so the type makes that request
 * impossible to write. It is sent only when true (rule 3); rules 1 and 2 leave it out.
 */
export type ReportTemplatesRequest = { providerId: number; offset: number; limit: number } & (
  { userId?: undefined; excludeProvider?: undefined } | { userId: string; excludeProvider?: true }
);

export const reportTemplatesKeys = {
  all: ['report-templates'] as const,
  of: (providerId: number) => [...reportTemplatesKeys.all, providerId] as const,
  list: (request: ReportTemplatesRequest) =>
    [
      ...reportTemplatesKeys.of(request.providerId),
      request.userId ?? null,
      request.excludeProvider === true,
      request.offset,
      request.limit,
    ] as const,
};

/**
 * One page of a centre's templates under one of the spec's three rules (4.9). A failed page is
 * not asked again on mount (`retryOnMount: false`): the route loader prefetches it, and a 404 for
 * an unknown doctor would otherwise be asked twice before the screen says so; Retry asks again.
 */
export const reportTemplatesQueryOptions = (request: ReportTemplatesRequest) =>
  queryOptions({
    queryKey: reportTemplatesKeys.list(request),
    queryFn: ({ signal }) => runOperation(load, request, { signal }),
    staleTime: 30_000,
    retryOnMount: false,
  });
