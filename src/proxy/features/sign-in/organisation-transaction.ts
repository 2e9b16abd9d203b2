// An organisation sign-in's checks between `start` and `callback` (docs/decisions/0023): kept in
// the session store, sealed, under a random id whose cookie is SameSite=Lax (the provider sends the
// browser back from another site), and taken once, so that a replayed or forged callback finds
// nothing.
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { SIGN_IN_PROBLEM_PARAM, type SignInProblem } from '../../../proxy-api/sign-in.ts';
import type { Ctx } from '../../core/http/context.ts';
import type { SecretBox } from '../../core/store/secret-box.ts';
import { storeKey } from '../../core/sessions/sessions.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import type { SignInChecks } from './organisation.ts';

/** Where sign-in transactions and first-admin setups are kept, sealed. */
export interface SealedStore {
  store: SessionStore;
  /** Seals what the proxy keeps for a moment in the session store. */
  box: SecretBox;
}

const cookieName = '__Host-provider-console-signin';
const transactionMs = 10 * 60_000;

const transactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  returnTo: z.string(),
});
export type Transaction = SignInChecks & z.infer<typeof transactionSchema>;

/** A path of this console to come back to; anything else (another site, the API) is home. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 500 || !/^\/(?!\/)[\x21-\x7e]*$/.test(value) || value.includes('\\'))
    return '/';
  return /^\/(auth|api|audit|__sim|people|connections|oidc)(\/|$|\?)/.test(value) ? '/' : value;
}

export function redirectUriOf(publicOrigin: string | undefined, c: Ctx): string {
  return `${publicOrigin ?? new URL(c.req.url).origin}/auth/organisation/callback`;
}

const transactionKey = async (id: string) => `signin:${(await storeKey(id)).slice('session:'.length)}`;

const setCookie = (response: Response, value: string, maxAgeSeconds: number) =>
  response.headers.append(
    'set-cookie',
    `${cookieName}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`,
  );

/** The transaction's cookie is spent: whatever the callback answers clears it. */
export const clearTransaction = (response: Response) => setCookie(response, '', 0);

/** The console's sign-in page saying what went wrong (it offers Retry). */
export function toProblem(problem: SignInProblem): Response {
  const response = new Response(null, {
    status: 303,
    headers: { location: `/login?${SIGN_IN_PROBLEM_PARAM}=${problem}` },
  });
  clearTransaction(response);
  return response;
}

/** Keeps the checks and redirects to the provider with the transaction's cookie. */
export async function beginTransaction(
  deps: SealedStore,
  transaction: Transaction,
  providerUrl: string,
): Promise<Response> {
  const id = crypto.randomUUID() + crypto.randomUUID();
  const key = await transactionKey(id);
  await deps.store.set(key, await deps.box.seal(JSON.stringify(transaction), key), transactionMs);
  const response = new Response(null, { status: 303, headers: { location: providerUrl } });
  setCookie(response, id, transactionMs / 1000);
  return response;
}

/** The sign-in's checks, taken once: a second callback with the same cookie finds nothing. */
export async function takeTransaction(deps: SealedStore, c: Ctx): Promise<Transaction | undefined> {
  const id = getCookie(c, cookieName);
  if (!id || !/^[0-9a-f-]{72}$/.test(id)) return undefined;
  const key = await transactionKey(id);
  const sealed = await deps.store.get(key);
  await deps.store.delete(key);
  if (sealed === undefined) return undefined;
  const opened = await deps.box.open(sealed, key);
  if (opened === undefined) return undefined;
  try {
    const parsed = transactionSchema.safeParse(JSON.parse(opened));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
