// The calls one refresh makes to the upstream (docs/decisions/0025): the contract's client over the
// proxy's bounded call (deadline, size cap; docs/decisions/0020), paced by one backoff, and the
// token renewed once on a 401 (a token that expired during a long refresh, D1).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ApiError } from '../../../contract/api-error.ts';
import { err, type Result } from '../../../contract/result.ts';
import type { UpstreamClient } from '../../../contract/transport.ts';
import { baseUrlOf, type EnvironmentConfig } from '../../core/upstream/environments.ts';
import { requestToken, type TokenOutcome } from '../../core/upstream/token.ts';
import { callUpstream, type FetchLike } from '../../core/upstream/upstream.ts';
import type { createPacer } from './pacing.ts';

export type Pacer = ReturnType<typeof createPacer>;

export interface CallSettings {
  /** The upstream's transport, limited to the refresh's concurrency. */
  transport: FetchLike;
  env: EnvironmentConfig;
  credentials: { clientId: string; clientSecret: string };
  pacer: Pacer;
  tokenTimeoutMs: number;
  apiTimeoutMs: number;
  maxAnswerBytes: number;
}

const tokenRetryable = (outcome: TokenOutcome) =>
  outcome.kind === 'timeout' ||
  (outcome.kind === 'unavailable' &&
    (outcome.status === undefined || outcome.status === 429 || outcome.status >= 500));

export class UpstreamCalls {
  readonly #settings: CallSettings;
  #token: Promise<TokenOutcome>;
  // A turn of the event loop every 10 ms of work, taken by every call at once. Against an upstream
  // in this process (the demo's simulator) every answer is a resolved promise: without it a whole
  // pass ran as one chain of microtasks that held every other request, 4.2–6.0 s over 10,000
  // centres (docs/decisions/0018); one call waiting alone frees nothing while the others chain on.
  #turnAt = performance.now();
  #turn: Promise<void> | undefined;

  constructor(settings: CallSettings) {
    this.#settings = settings;
    this.#token = this.#newToken();
  }

  /** The first token's outcome (paced: retried while the service is briefly out). */
  get token(): Promise<TokenOutcome> {
    return this.#token;
  }

  #newToken(): Promise<TokenOutcome> {
    const { pacer, transport, env, credentials, tokenTimeoutMs, maxAnswerBytes } = this.#settings;
    return pacer.retry(
      () => requestToken(transport, env, credentials, tokenTimeoutMs, { maxBytes: maxAnswerBytes }),
      tokenRetryable,
    );
  }

  /** Paced, and renewed once on a 401. */
  async call<T>(op: (c: UpstreamClient) => Promise<Result<T, ApiError>>): Promise<Result<T, ApiError>> {
    const { pacer } = this.#settings;
    await this.#takeTurn();
    const current = await this.#token;
    // The renewal failed: nothing is sent without a token.
    if (current.kind !== 'ok') return err(new ApiError({ kind: 'http', status: 401 }));
    const result = await pacer.run(() => op(this.#client(current.token)));
    if (result.ok || result.error.status !== 401) return result;
    if ((await this.#token) === current) this.#token = this.#newToken();
    const renewed = await this.#token;
    return renewed.kind === 'ok' ? pacer.run(() => op(this.#client(renewed.token))) : result;
  }

  #takeTurn(): Promise<void> | undefined {
    this.#turn ??= performance.now() - this.#turnAt > 10 ? this.#nextTurnForAll() : undefined;
    return this.#turn;
  }

  async #nextTurnForAll(): Promise<void> {
    await nextTurn();
    this.#turn = undefined;
    this.#turnAt = performance.now();
  }

  #client(bearer: string): UpstreamClient {
    return {
      baseUrl: baseUrlOf(this.#settings.env),
      fetch: (request) => this.#fetchThroughProxy(request),
      headers: { authorization: `Bearer ${bearer}` },
      timeoutMs: this.#settings.apiTimeoutMs + 1_000,
    };
  }

  // The watcher only reads: its calls are GETs, with no body to pass on.
  async #fetchThroughProxy(request: Request): Promise<Response> {
    const { transport, apiTimeoutMs, maxAnswerBytes } = this.#settings;
    const outcome = await callUpstream(
      transport,
      request.url,
      { method: request.method, headers: Object.fromEntries(request.headers) },
      apiTimeoutMs,
      { maxBytes: maxAnswerBytes },
    );
    if (outcome.kind !== 'response')
      throw new Error(outcome.kind === 'timeout' ? 'deadline passed' : outcome.reason);
    const empty = [204, 205, 304].includes(outcome.status);
    return new Response(empty ? null : outcome.body, { status: outcome.status, headers: outcome.headers });
  }
}
