// The header set every response carries, errors included (docs/decisions/0005). Written by hand
// rather than with hono/secure-headers, whose HSTS default is 180 days (docs/decisions/0005). Web Crypto
// only: the in-browser host runs this too (docs/decisions/0012).
import { encodeBase64 } from 'hono/utils/encode';

export type ResponseKind = 'document' | 'asset' | 'worker' | 'api';

export function newNonce(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(18)).buffer);
}

/** The console's CSP: scripts and styles only from this origin or with this response's nonce. */
export function documentCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A dedicated worker runs under the policy of its own script's answer, not the page's: the child
 * list's worker (docs/decisions/0024) asks this origin's /api and loads its chunks from here.
 */
const workerCsp = `${apiCsp}; script-src 'self'; connect-src 'self'`;

const permissionsPolicy = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The same headers as a list, for answers written to a raw socket (Node's own 400/408/431). */
export function securityHeaderLines(): [string, string][] {
  const headers = new Headers();
  applySecurityHeaders(headers, 'api');
  return [...headers];
}

export function applySecurityHeaders(headers: Headers, kind: ResponseKind, nonce?: string): void {
  headers.set(
    'content-security-policy',
    kind === 'document' && nonce ? documentCsp(nonce) : kind === 'worker' ? workerCsp : apiCsp,
  );
  headers.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', 'no-referrer');
  headers.set('cross-origin-opener-policy', 'same-origin');
  headers.set('cross-origin-resource-policy', 'same-origin');
  headers.set('permissions-policy', permissionsPolicy);
  headers.set('x-frame-options', 'DENY');
  // Never CORS: the console is same-origin only (docs/decisions/0005).
  for (const name of Array.from(headers.keys())) if (name.startsWith('access-control-')) headers.delete(name);
  headers.delete('x-powered-by');
  if (kind === 'api') headers.set('cache-control', 'no-store');
}
