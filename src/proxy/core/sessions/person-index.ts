// Which sessions a provider's back-channel logout names (OpenID Connect Back-Channel Logout 1.0
// §2.7): every person's session is indexed under its provider subject and, when the ID token
// carried one, the provider's session id (`sid`), in the shared store, so that any instance can find
// and end them. The index keys are hashes (a dump of the store names nobody); members are session
// keys, never session ids. A member whose session already ended is skipped when read.
import { base64url, parseSession, type NewSession, type StoredSession } from './records.ts';
import type { SessionStore } from './store.ts';

async function digest(parts: readonly string[]): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(parts));
  return base64url(await crypto.subtle.digest('SHA-256', bytes));
}

const subjectIndexKey = async (issuer: string, subject: string) =>
  `provider-subject:${await digest([issuer, subject])}`;
const sidIndexKey = async (issuer: string, sid: string) => `provider-sid:${await digest([issuer, sid])}`;

/** Indexes a new person's session; each index lives as long as its newest session may (`ttlMs`). */
export async function indexProviderSession(
  store: SessionStore,
  key: string,
  input: NewSession,
  ttlMs: number,
): Promise<void> {
  if (!input.person) return;
  const { issuer, subject } = input.person;
  await store.addMember(await subjectIndexKey(issuer, subject), key, ttlMs);
  if (input.providerSid !== undefined)
    await store.addMember(await sidIndexKey(issuer, input.providerSid), key, ttlMs);
}

/** What a logout token names: the issuer, and its `sub`, its `sid`, or both (§2.4). */
export interface ProviderLogoutTarget {
  issuer: string;
  subject?: string | undefined;
  sid?: string | undefined;
}

/**
 * The live sessions a logout token names: those of its `sid` (of its `sub` too when it has both),
 * or, with only a `sub`, every session of that person at that provider.
 */
export async function providerSessions(
  store: SessionStore,
  target: ProviderLogoutTarget,
): Promise<(StoredSession & { key: string })[]> {
  const { issuer, subject, sid } = target;
  let indexKey: string;
  if (sid !== undefined) indexKey = await sidIndexKey(issuer, sid);
  else if (subject !== undefined) indexKey = await subjectIndexKey(issuer, subject);
  else return [];
  const keys = await store.members(indexKey);
  if (keys.length === 0) return [];
  const records = await store.getMany(keys);
  return keys.flatMap((key, index) => {
    const record = parseSession(records[index]);
    if (!record?.person || record.person.issuer !== issuer) return [];
    if (subject !== undefined && record.person.subject !== subject) return [];
    return [{ key, ...record }];
  });
}
