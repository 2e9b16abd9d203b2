import { globalFetch, type UpstreamClient } from '@/contract';
import { CONSOLE_HEADERS } from './console-headers.ts';

/** The contract's client for the proxy's `/api` surface (the session cookie travels by itself). */
export const apiClient: UpstreamClient = {
  baseUrl: '/api',
  fetch: (request) => globalFetch(request),
  headers: { ...CONSOLE_HEADERS },
};
