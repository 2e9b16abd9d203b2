// Every answer the simulator's tests receive is checked against the OpenAPI document generated
// from the contract (docs/openapi.json, docs/decisions/0009): two independent readings of the
// spec must agree, and a mismatch fails the test that received it. The document is read as data,
// so the simulator still imports nothing from the contract.
import document from '../../../docs/openapi.json' with { type: 'json' };
import { createResponseChecker, type ResponseChecker } from '../../../tools/openapi/response-check.ts';
import { FAULT_HEADER } from '../handlers/upstream.ts';

let checker: ResponseChecker | undefined;
const documentChecker = () => (checker ??= createResponseChecker(document));

export type Received = { method: string; pathname: string; status: number; headers: Headers; text: string };

/**
 * Throws when an answer differs from the document. Not checked: the control API (D11, simulator
 * only, outside the service's document) and answers injected by a D11 fault (the test's own).
 * Any other path must answer a D2 error. `templatesPrefix` is the simulator's D9 prefix.
 */
export function assertDocumented(answer: Received, templatesPrefix = ''): void {
  const { method, status, headers, text } = answer;
  if (answer.pathname.startsWith('/__sim') || headers.has(FAULT_HEADER)) return;
  const pathname =
    templatesPrefix && answer.pathname === `${templatesPrefix}/reportExample`
      ? '/reportExample'
      : answer.pathname;
  const check = documentChecker();
  const problems =
    check.operationAt(method, pathname) === undefined
      ? status >= 400
        ? check.checkComponent('Error', text)
        : [{ kind: 'undocumented', at: '', message: `a ${status} answer at an undocumented path` }]
      : check.check(method, pathname, status, text);
  if (problems.length > 0)
    throw new Error(
      `${method} ${answer.pathname} → ${status} differs from docs/openapi.json:\n${problems
        .map((p) => `  ${p.kind} at ${p.at || '/'}: ${p.message}`)
        .join('\n')}\nbody: ${text.slice(0, 500)}`,
    );
}

/** `fetch` that checks every answer against the document (for tests over a real server). */
export async function documentedFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const response = await fetch(request);
  assertDocumented({
    method: request.method,
    pathname: new URL(request.url).pathname,
    status: response.status,
    headers: response.headers,
    text: await response.clone().text(),
  });
  return response;
}
