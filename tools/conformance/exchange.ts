// Each call of the run goes through the contract's own operation (the console's tolerant reading)
// over a transport that records the raw answer, which is then checked strictly against the
// document generated from the same contract. The transport refuses any mutating request unless
// the run was allowed to write, so a read-only run cannot change an environment by mistake.
import {
  globalFetch,
  TOKEN_PATH,
  type ApiError,
  type FetchLike,
  type Result,
  type UpstreamClient,
} from '../../src/contract/index.ts';
import type { Problem, ResponseChecker } from '../openapi/response-check.ts';

export type Exchange = {
  method: string;
  target: string;
  pathname: string;
  status: number;
  text: string;
  ms: number;
};

export type Answer<T> = {
  result: Result<T, ApiError>;
  exchange: Exchange | undefined;
  /** The body as JSON, when it is JSON. */
  raw: unknown;
  problems: Problem[];
};

export class WriteRefused extends Error {}

export function recordingFetch(base: FetchLike, allowWrites: boolean) {
  let last: Exchange | undefined;
  const fetch: FetchLike = async (request) => {
    const url = new URL(request.url);
    if (request.method !== 'GET' && !url.pathname.endsWith(TOKEN_PATH) && !allowWrites)
      throw new WriteRefused(`refused ${request.method} ${url.pathname}: a read-only run sends no writes`);
    const started = performance.now();
    const response = await base(request);
    const text = await response.clone().text();
    last = {
      method: request.method,
      target: `${url.pathname}${url.search}`,
      pathname: url.pathname,
      status: response.status,
      text,
      ms: Math.round(performance.now() - started),
    };
    return response;
  };
  return {
    fetch,
    take(): Exchange | undefined {
      const exchange = last;
      last = undefined;
      return exchange;
    },
  };
}

export type Caller = <T>(
  run: (client: UpstreamClient) => Promise<Result<T, ApiError>>,
  anonymous?: boolean,
) => Promise<Answer<T>>;

/** Calls one contract operation and checks its answer both ways. */
export function createCaller(options: {
  baseUrl: string;
  templatesPrefix: string;
  timeoutMs: number;
  allowWrites: boolean;
  checker: ResponseChecker;
  token: () => string | undefined;
  fetch?: FetchLike;
}): Caller {
  const recorder = recordingFetch(options.fetch ?? globalFetch, options.allowWrites);
  return async (run, anonymous = false) => {
    const token = anonymous ? undefined : options.token();
    const client: UpstreamClient = {
      baseUrl: options.baseUrl,
      fetch: recorder.fetch,
      templatesPrefix: options.templatesPrefix,
      timeoutMs: options.timeoutMs,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    };
    const result = await run(client);
    const exchange = recorder.take();
    const problems: Problem[] = [];
    let raw: unknown;
    if (!exchange) {
      problems.push({
        kind: 'shape',
        at: '',
        message: `no answer: ${result.ok ? 'unknown' : result.error.message}`,
      });
      return { result, exchange, raw, problems };
    }
    try {
      raw = JSON.parse(exchange.text);
    } catch {
      raw = undefined;
    }
    const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
    const pathname = exchange.pathname.slice(basePath.length);
    problems.push(...options.checker.check(exchange.method, pathname, exchange.status, exchange.text));
    if (!result.ok && result.error.kind === 'unexpected-response')
      problems.push({
        kind: 'shape',
        at: '',
        message: `the console's reading refuses it: ${result.error.message}`,
      });
    return { result, exchange, raw, problems };
  };
}
