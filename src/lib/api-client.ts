import { globalFetch, type UpstreamClient } from '@/contract';

/**
 * Every call from the browser goes to the token proxy on the same origin and carries this header:
 * the proxy refuses `/auth/*`, `/api/*` and `/__sim/*` without it (its CSRF defence).
 */
export const CONSOLE_HEADERS = { 'X-Requested-With': 'provider-console' } as const;

/** The contract's client for the proxy's `/api` surface (the session cookie travels by itself). */
export const apiClient: UpstreamClient = {
  baseUrl: '/api',
  fetch: (request) => globalFetch(request),
  headers: { ...CONSOLE_HEADERS },
};
