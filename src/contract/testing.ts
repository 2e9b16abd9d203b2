import type { FetchLike, UpstreamClient } from './transport.ts';

/** A fake transport that records each request and answers from a script (tests only). */
export function fakeTransport(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch: FetchLike = async (request) => {
    requests.push(request.clone());
    return answer(request);
  };
  const client: UpstreamClient = { baseUrl: 'https://upstream.test', fetch };
  return { client, requests, fetch };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const envelope = (response: unknown, code = 200) => json({ success: true, code, response }, code);
