// The header set every response carries, errors included (docs/decisions/0005): hono/secure-headers
// with our values (HSTS two years where its default is 180 days, X-Frame-Options DENY, no feature
// allowed) and a CSP per kind of answer: the API's for every answer, the console's document's with
// this response's nonce, a worker script's for the policy its worker runs under. Web Crypto only:
// the in-browser host runs this too (docs/decisions/0012).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { encodeBase64 } from 'hono/utils/encode';
import type { ProxyEnv } from './context.ts';

export type ResponseKind = 'document' | 'asset' | 'worker' | 'api';

type Policy = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

const none = ["'none'"];
const self = ["'self'"];

/** Nothing to run, frame or post: an answer that is data. */
const apiPolicy: Policy = { defaultSrc: none, frameAncestors: none, baseUri: none, formAction: none };

/**
 * A dedicated worker runs under the policy of its own script's answer, not the page's: the child
 * list's worker (docs/decisions/0024) asks this origin's /api and loads its chunks from here.
 */
const workerPolicy: Policy = { ...apiPolicy, scriptSrc: self, connectSrc: self };

/** The console's: scripts and styles only from this origin or with this response's nonce. */
const documentPolicy: Policy = {
  defaultSrc: none,
  scriptSrc: ["'self'", NONCE],
  styleSrc: ["'self'", NONCE],
  imgSrc: ["'self'", 'data:'],
  fontSrc: self,
  connectSrc: self,
  manifestSrc: self,
  baseUri: none,
  formAction: self,
  frameAncestors: none,
  objectSrc: none,
};

const noFeatures = Object.fromEntries(
  (
    [
      'accelerometer',
      'autoplay',
      'camera',
      'displayCapture',
      'encryptedMedia',
      'fullscreen',
      'geolocation',
      'gyroscope',
      'hid',
      'idleDetection',
      'magnetometer',
      'microphone',
      'midi',
      'payment',
      'pictureInPicture',
      'publickeyCredentialsGet',
      'screenWakeLock',
      'serial',
      'usb',
      'xrSpatialTracking',
    ] as const
  ).map((feature) => [feature, false]),
);

const headersWith = (contentSecurityPolicy: Policy) =>
  secureHeaders({
    contentSecurityPolicy,
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    xFrameOptions: 'DENY',
    permissionsPolicy: noFeatures,
    // Not in the set docs/decisions/0005 chose (core/http/headers.test.ts): left off.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    // A route's own policy (the site's document and worker scripts) stays; the app's fills the rest.
    overwrite: false,
  });

/** Hand-written, what secure-headers cannot do: remove headers (never CORS) and keep data out of caches. */
const dataNotKept = createMiddleware<ProxyEnv>(async (c, next) => {
  c.set('kind', 'api');
  await next();
  // Never CORS: the console is same-origin only (docs/decisions/0005).
  for (const name of Array.from(c.res.headers.keys()))
    if (name.startsWith('access-control-')) c.res.headers.delete(name);
  if (c.var.kind === 'api') c.res.headers.set('cache-control', 'no-store');
});

/** The app's: every answer, the API's policy unless its route set its own. */
export const securityHeaders = [dataNotKept, headersWith(apiPolicy)] as const;

/**
 * 18 random bytes, 24 base64 characters with no padding (headers.test.ts asserts the shape):
 * set before secure-headers' NONCE, whose own is 16 bytes, padded.
 */
export function newNonce(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(18)).buffer);
}

/** The console's document: its policy, with the nonce its markup carries (`c.var.secureHeadersNonce`). */
export const documentHeaders = [
  createMiddleware<ProxyEnv>(async (c, next) => {
    c.set('secureHeadersNonce', newNonce());
    await next();
  }),
  headersWith(documentPolicy),
] as const;

/** A worker's script: the policy its worker runs under. */
export const workerHeaders = headersWith(workerPolicy);

/**
 * The same headers as lines, for answers written to a raw socket before the app (Node's own 400,
 * 408, 431; core/http/server.ts): the app's middleware run once on an empty answer.
 */
export async function securityHeaderLines(): Promise<[string, string][]> {
  const app = new Hono<ProxyEnv>().use('*', ...securityHeaders).get('*', (c) => c.body(null));
  return [...(await app.request('/')).headers];
}
