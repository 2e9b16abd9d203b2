import { queryOptions } from '@tanstack/react-query';
import { listDemoMail } from '@/proxy-api/demo-mail';
import { unwrap } from '@/contract/result';
import { proxyClient } from './client.ts';

// The demo's caught e-mail (docs/decisions/0027): read again every few seconds while the page is
// open, so that an alert's e-mail appears without a reload.
export const demoMailQueryOptions = () =>
  queryOptions({
    queryKey: ['demo-mail'] as const,
    queryFn: async ({ signal }) => unwrap(await listDemoMail(proxyClient, { signal })).messages,
    refetchInterval: 5_000,
    staleTime: 0,
  });
