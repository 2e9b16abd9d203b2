// What every part of the proxy's app shares: the Hono context's types, the log seam and body
// reading. Web-standard (Request/Response, no Node built-ins), so that the same
// app runs under Node and in the browser's demo worker (docs/decisions/0012).
import type { Context } from 'hono';
import type { ResponseKind } from './security-headers.ts';

/**
 * Where log lines go: pino's method shape (an object of fields, then a message), so that a pino
 * logger is one, and the in-browser host can pass something that prints nothing.
 */
export interface Logger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** What a host tells the app about a request beyond the Request itself. */
export type HostBindings = {
  /** The request target as the client sent it, before URL parsing resolved dot segments. */
  rawTarget?: string;
  /**
   * The client's address as the limiter counts it (docs/decisions/0011): the socket's peer, or the
   * address a trusted proxy reported; IPv6 reduced to its /64.
   */
  clientAddress?: string;
  /** The client's whole address (IPv6 not reduced), as the audit log records it (docs/decisions/0018). */
  remoteAddress?: string;
  /**
   * The host's handle on the connection, opaque to the app: the host's `cutConnection` ends it when
   * an answer passed on as a stream is cut short (docs/decisions/0020).
   */
  connection?: unknown;
};

/** Who a session is, as the log records it. */
export interface SessionIdentity {
  environment: string;
  providerId: number;
  clientId: string;
  providerVerified: boolean;
  /** A person signed in as themselves, through a connection (docs/decisions/0023). */
  person?: { subject: string; name: string | null; email: string } | undefined;
  connectionId?: string | undefined;
}

export type ProxyEnv = {
  Bindings: HostBindings;
  Variables: {
    requestId: string;
    /** What answered, for its caching (security-headers.ts). */
    kind: ResponseKind;
    /** The console document's nonce, in its CSP and its markup (security-headers.ts). */
    secureHeadersNonce?: string;
    /** The spec operation an /api request matched, for its log line. */
    operation: string | undefined;
    /** What /api sent upstream and for whom (the audit log records it, docs/decisions/0018). */
    forwarded:
      | {
          session: SessionIdentity;
          body: Uint8Array | undefined;
        }
      | undefined;
    /**
     * The answer is an upstream body passed on as it arrives (its size may be unknown): settles
     * once it has ended, whole or cut. Undefined for every other answer.
     */
    streamed: Promise<void> | undefined;
  };
};
export type Ctx = Context<ProxyEnv>;

export function isJsonContentType(value: string | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** The request target as the client sent it (dot segments unresolved), else the parsed URL's. */
export function rawTarget(c: Ctx): string {
  const raw = c.env?.rawTarget;
  if (raw !== undefined && raw.startsWith('/')) return raw;
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/** No dot segments, empty segments, encoded separators or backslashes: exact paths only. */
export function isPlainPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.includes('//') &&
    !path.includes('\\') &&
    !/%(2f|5c|2e|00)/i.test(path) &&
    !/(^|\/)\.{1,2}(\/|$)/.test(path) &&
    /^[\x21-\x7e]*$/.test(path)
  );
}

export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Parses a JSON body; undefined when it is not JSON (empty, truncated or another format). */
export function parseJson(body: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)) as unknown };
  } catch {
    return undefined;
  }
}
