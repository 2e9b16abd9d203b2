import { afterEach, describe, expect, test, vi } from 'vitest';
import { isApiError } from '@/contract/api-error-value';
import { answerListRequest } from './child-list-answer.ts';
import type { ListReply, ListRequest } from './child-list-messages.ts';
import { listChildCentersOffThread } from './child-list-calls.ts';

// The whole child list read and checked in a worker (docs/decisions/0024): the worker's own step
// (answerListRequest) over a list of 10,000 centres, and the page's side over a worker double that
// runs that same step, as the browser's worker does.

const origin = 'https://console.test';
const centres = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: 1_000 + index,
    name: `Centro ${index}`,
    country: 'ES',
    city: index % 2 === 0 ? 'Madrid' : 'Sevilla',
  }));
const envelope = (data: unknown[]) => ({
  success: true,
  code: 200,
  response: { data, meta: { total: data.length, offset: 0, limit: data.length } },
});
/** A proxy double answering 4.5 with `body`, recording what it was asked. */
const proxy =
  (status: number, body: unknown, asked: Request[] = []) =>
  async (request: Request) => {
    asked.push(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };

describe('the worker’s step', () => {
  test('reads 10,000 centres through the proxy and checks every one', async () => {
    const asked: Request[] = [];
    const reply = await answerListRequest(
      { id: 7, providerId: 100, origin },
      proxy(200, envelope(centres(10_000)), asked),
    );
    expect(reply.ok && reply.value.data).toHaveLength(10_000);
    expect(reply.ok && reply.value.data[9_999]).toEqual({
      id: 10_999,
      name: 'Centro 9999',
      country: 'ES',
      city: 'Sevilla',
    });
    expect(reply.id).toBe(7);
    expect(asked[0]?.url).toBe(`${origin}/api/core/v1/provider/100/child`);
    // The proxy's CSRF defence (decision 0005) is met from the worker too.
    expect(asked[0]?.headers.get('x-requested-with')).toBe('provider-console');
  });

  test('a list with one bad centre among 10,000 is refused, saying where', async () => {
    const data: unknown[] = centres(10_000);
    data[8_765] = { id: 'x', name: 'Roto', country: 'ES' };
    const reply = await answerListRequest({ id: 1, providerId: 100, origin }, proxy(200, envelope(data)));
    expect(reply).toMatchObject({ ok: false, error: { meaning: 'unexpected-response' } });
    expect(!reply.ok && reply.error.message).toContain('data.8765.id');
  });
});

describe('the page’s side', () => {
  /** A worker double: each request runs the worker's step, and the reply comes back as a message. */
  class WorkerDouble extends EventTarget {
    static started = 0;
    readonly fetch: (request: Request) => Promise<Response>;
    constructor(fetch: (request: Request) => Promise<Response>) {
      super();
      this.fetch = fetch;
      WorkerDouble.started += 1;
    }
    postMessage(request: ListRequest) {
      if ('abort' in request) return;
      void answerListRequest(request, this.fetch).then((reply: ListReply) =>
        this.dispatchEvent(new MessageEvent('message', { data: structuredClone(reply) })),
      );
    }
  }
  afterEach(() => vi.unstubAllGlobals());

  test('gets the list, and a refusal as the same ApiError the page would have made', async () => {
    let answer = proxy(200, envelope(centres(10_000)));
    vi.stubGlobal(
      'Worker',
      class extends WorkerDouble {
        constructor() {
          super((request) => answer(request));
        }
      },
    );
    const page = await listChildCentersOffThread(100);
    expect(page.data).toHaveLength(10_000);
    expect(page.meta.total).toBe(10_000);
    answer = proxy(403, { success: false, code: 403, message: 'Not a parent' });
    const refusal = await listChildCentersOffThread(101).catch((error: unknown) => error);
    expect(isApiError(refusal) && refusal.meaning).toBe('forbidden');
    expect(isApiError(refusal) && refusal.serverMessage).toBe('Not a parent');
    // One worker for every call.
    expect(WorkerDouble.started).toBe(1);
  });
});
