// Where the embedded demo provider keeps its sessions, codes and grants (docs/decisions/0023): in
// this process, bounded, forgotten on restart, as a demo provider should. oidc-provider's own
// in-memory adapter says it is for development only at every start; this is the same thing through
// its documented adapter interface, with a size bound.
import type { Adapter, AdapterPayload } from 'oidc-provider';

const maxEntries = 5_000;

interface Stored {
  payload: AdapterPayload;
  expiresAt: number;
}

export function createMemoryAdapterFactory(now: () => number = Date.now) {
  const entries = new Map<string, Stored>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();

  const live = (key: string): AdapterPayload | undefined => {
    const stored = entries.get(key);
    if (!stored) return undefined;
    if (stored.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return stored.payload;
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.delete(key);
        entries.set(key, {
          payload,
          expiresAt: expiresIn ? now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
        });
        if (payload.uid) byUid.set(payload.uid, id);
        if (payload.userCode) byUserCode.set(payload.userCode, id);
        if (payload.grantId)
          byGrant.set(payload.grantId, (byGrant.get(payload.grantId) ?? new Set()).add(key));
        // Oldest first out, should a flood of sign-ins start and never finish.
        for (const map of [entries, byUid, byUserCode, byGrant] as Map<string, unknown>[])
          while (map.size > maxEntries) {
            const oldest = map.keys().next().value;
            if (oldest === undefined) break;
            map.delete(oldest);
          }
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        const id = byUid.get(uid);
        return id === undefined ? undefined : live(keyOf(id));
      },
      async findByUserCode(userCode) {
        const id = byUserCode.get(userCode);
        return id === undefined ? undefined : live(keyOf(id));
      },
      async consume(id) {
        const stored = live(keyOf(id));
        if (stored) stored.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
        byGrant.delete(grantId);
      },
    };
  };
}
