import { isApiError, type ApiErrorMeaning } from '@/contract/api-error-value';
import type { MessageKey } from './i18n/index.tsx';

// The console's one error vocabulary: a failure's `meaning` (spec §7 for statuses, the proxy's own
// codes; src/contract/api-error-value.ts) decides what the user is told and what happens next.
// Screens and rules branch on meanings, never on raw statuses.

/** What the user is told about a failure, in catalogue terms: the one mapping of the console. */
export interface ErrorDescription {
  /** The meaning, in words (spec §7 for statuses; the proxy's own codes first). */
  key: MessageKey;
  /** What the server said in its own words (D2 `message`, the proxy's `detail`), when it said it. */
  serverMessage?: string | undefined;
  /** A reference support can look up in the proxy's logs. */
  requestId?: string | undefined;
  /** 429: how long to wait, when the server said. */
  retryAfterSeconds?: number | undefined;
  /** The console server cannot be reached (the network, or a screen's code that did not load). */
  offline: boolean;
}

/**
 * A screen's code (a lazily loaded chunk) could not be fetched: the console server is out of reach,
 * or a new version replaced the file. `markChunkLoadError` names these failures when Vite reports
 * them (its `vite:preloadError` event, before the import rejects), so that the screen shows the
 * offline panel. Renamed, the error also no longer reads as "module not found" to the router, which
 * would otherwise reload the page, and a reload with the server down ends on the browser's own error
 * page instead of ours.
 */
export const CHUNK_LOAD_ERROR = 'ChunkLoadError';

export function markChunkLoadError(event: Event): void {
  const payload: unknown = 'payload' in event ? event.payload : undefined;
  if (!(payload instanceof Error) || payload.name === CHUNK_LOAD_ERROR) return;
  payload.name = CHUNK_LOAD_ERROR;
  payload.message = `a screen's code could not be fetched (${payload.message})`;
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && error.name === CHUNK_LOAD_ERROR;

// The proxy's problem codes that say more than their status (the console wire).
const byCode: Partial<Record<string, MessageKey>> = {
  invalid_credentials: 'error.invalidCredentials',
  provider_mismatch: 'error.providerMismatch',
  parent_credentials: 'error.parentCredentials',
  // Adding a connection (issue 46 M2): one sentence that fits, never another parent's name.
  connection_exists: 'error.connectionExists',
  connection_elsewhere: 'error.connectionElsewhere',
  // The shared demo world's bound per visitor (issue 46 M3): not a wait of seconds, a day's reset.
  demo_limit: 'error.demoLimit',
  too_many_attempts: 'error.rateLimited',
  session_expired: 'error.unauthenticated',
  not_authenticated: 'error.unauthenticated',
};

export function describeError(error: unknown): ErrorDescription {
  if (isChunkLoadError(error)) return { key: 'error.offline', offline: true };
  if (!isApiError(error)) return { key: 'error.generic', offline: false };
  const base = {
    serverMessage: error.serverMessage,
    requestId: error.requestId,
    retryAfterSeconds: error.retryAfterSeconds,
    offline: false,
  };
  const known = error.code === undefined ? undefined : byCode[error.code];
  // Our own words, in the UI language, say all the proxy's English detail says.
  if (known) return { ...base, serverMessage: undefined, key: known };
  switch (error.meaning) {
    case 'invalid-request':
      return { ...base, key: 'error.invalidRequest' };
    case 'unauthenticated':
      return { ...base, key: 'error.unauthenticated' };
    case 'forbidden':
      return { ...base, key: 'error.forbidden' };
    case 'not-found':
      return { ...base, key: 'error.notFound' };
    case 'state-conflict':
      return { ...base, key: 'error.conflict' };
    case 'unprocessable':
      return { ...base, key: 'error.unprocessable' };
    case 'payload-too-large':
      return { ...base, key: 'error.tooLarge' };
    case 'rate-limited':
      return { ...base, serverMessage: undefined, key: 'error.rateLimited' };
    case 'upstream-unavailable':
    case 'server-error':
      return { ...base, key: 'error.unavailable' };
    case 'upstream-timeout':
    case 'timeout':
      return { ...base, key: 'error.timeout' };
    case 'network-error':
      return { ...base, key: 'error.offline', offline: true };
    case 'unexpected-response':
      return { ...base, key: 'error.unexpected' };
    default:
      return { ...base, key: 'error.generic' };
  }
}

/**
 * The session has ended (a 401 other than a refused sign-in): the re-login dialog's business
 * (decision 0006), never an inline error.
 */
export const isSessionEnded = (error: unknown): boolean =>
  isApiError(error) && error.meaning === 'unauthenticated' && error.code !== 'invalid_credentials';

/** What asking again may change: no answer came, or the server failed; an answer will not change. */
const TRANSIENT: ReadonlySet<ApiErrorMeaning> = new Set<ApiErrorMeaning>([
  'server-error',
  'upstream-unavailable',
  'upstream-timeout',
  'network-error',
  'timeout',
  'aborted',
]);

/** Whether a failed read may succeed if asked again (anything but an ApiError is unknown: yes). */
export const mayPassOnRetry = (error: unknown): boolean => !isApiError(error) || TRANSIENT.has(error.meaning);

/** Whether a failure is this answer (a `meaning` of the one vocabulary). */
export const means = (error: unknown, meaning: ApiErrorMeaning): boolean =>
  isApiError(error) && error.meaning === meaning;

/**
 * A failure the console shows in words (an error panel, the offline panel): React need not report
 * it again on the console when an error boundary catches it. Anything else is a bug, and is logged.
 */
export const isShownToUser = (error: unknown): boolean => isApiError(error) || isChunkLoadError(error);

/**
 * Whether sending the same write again may succeed where it failed: no answer came or none could
 * be read, the server failed or was busy (429), or the session ended (sent again after signing in).
 * Anything else is the service's answer to this request, and would be its answer again. Only for
 * writes that are safe to repeat (D4: registering a doctor twice updates the first).
 */
export const mayPassIfSentAgain = (error: unknown): boolean =>
  mayPassOnRetry(error) ||
  means(error, 'rate-limited') ||
  means(error, 'unexpected-response') ||
  isSessionEnded(error);
