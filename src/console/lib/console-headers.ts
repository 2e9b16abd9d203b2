/**
 * Every call from the browser goes to the token proxy on the same origin and carries this header:
 * the proxy refuses `/auth/*`, `/api/*` and `/__sim/*` without it (its CSRF defence).
 */
export const CONSOLE_HEADERS = { 'X-Requested-With': 'provider-console' } as const;
