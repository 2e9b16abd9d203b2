// How much one visitor may add to the public demo's world (issue 46 M3; docs/decisions/0020): the
// world is one per process and shared by every visitor until its daily reset, so one session (or one
// address opening many) with a loop could fill it for everyone and grow the process without bound
// (the probe: 10,400 doctors in 3.2 s, +173 MB). Each change that adds to the world (doctors, a
// centre, a webhook event) is counted per demo session, per client address and for the whole world,
// in items and request bytes, before it is sent; past a limit it is refused with 429 in words,
// with the time to the world's next reset. The counts go with the world at its reset.
import { refuse } from '../../core/http/refusal.ts';

export interface Growth {
  centres: number;
  doctors: number;
  /** Request bytes of the changes that add to the world. */
  bytes: number;
}

export interface DemoQuotaLimits {
  session: Growth;
  address: Growth;
  world: Growth;
}

/**
 * A visitor trying the console registers tens of doctors and a few centres; a session's limit is
 * far above that, an address's allows two such sessions at their most, and the world's bounds what
 * all of them add between resets (64 MB of bodies at most). Measured through `npm start`'s process
 * with the embedded database (quota.test.ts): an address's 1,000 doctors of 2 kB, and the refusals
 * after them, grew it by about 60 MB; without the bound, the probe's 10,500 by 162 MB.
 */
export const defaultDemoQuota: DemoQuotaLimits = {
  session: { centres: 25, doctors: 500, bytes: 2_000_000 },
  address: { centres: 100, doctors: 1_000, bytes: 4_000_000 },
  world: { centres: 1_000, doctors: 20_000, bytes: 64_000_000 },
};

/** What a change adds to the world, by the operation it is (src/contract/operations.ts). */
export function growthOf(operation: string, body: Uint8Array | undefined): Growth | undefined {
  const bytes = body?.byteLength ?? 0;
  if (operation === 'createChildCenter') return { centres: 1, doctors: 0, bytes };
  if (operation === 'sendPartnerWebhook') return { centres: 0, doctors: 0, bytes };
  if (operation !== 'registerDoctors') return undefined;
  let doctors = 1;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    const list = (parsed as { doctors?: unknown } | null)?.doctors;
    if (Array.isArray(list)) doctors = Math.max(1, list.length);
  } catch {
    // The service refuses a body that is not JSON; it still counts as one, by its bytes.
  }
  return { centres: 0, doctors, bytes };
}

const kinds = ['doctors', 'centres', 'bytes'] as const;
const zero = (): Growth => ({ centres: 0, doctors: 0, bytes: 0 });
/** At most this many sessions' and addresses' counts are kept; past it the world's bound still holds. */
const maxKept = 20_000;

const scopeWords = {
  session: 'This demo session has',
  address: 'Your address has',
  world: 'The demo’s visitors have',
} as const;
const kindWords = { doctors: 'doctors', centres: 'centres', bytes: 'bytes of changes' } as const;

function hoursWords(ms: number): string {
  const hours = Math.max(1, Math.ceil(ms / 3_600_000));
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

export interface DemoQuota {
  /** Counts a change before it is sent; refuses it (429, in words) past any limit. */
  admit(session: string, address: string, operation: string, body: Uint8Array | undefined): void;
  /** The world went back to its seed: nothing counted any more. */
  reset(nextResetAt: number): void;
}

export function createDemoQuota(
  limits: DemoQuotaLimits,
  options: { now: () => number; nextResetAt: number },
): DemoQuota {
  const sessions = new Map<string, Growth>();
  const addresses = new Map<string, Growth>();
  let world = zero();
  let nextResetAt = options.nextResetAt;
  const countOf = (map: Map<string, Growth>, key: string) => {
    const found = map.get(key);
    if (found) return found;
    const fresh = zero();
    map.set(key, fresh);
    if (map.size > maxKept) map.delete(map.keys().next().value ?? key);
    return fresh;
  };
  return {
    admit(session, address, operation, body) {
      const growth = growthOf(operation, body);
      if (!growth) return;
      const scopes = [
        ['session', countOf(sessions, session)],
        ['address', countOf(addresses, address)],
        ['world', world],
      ] as const;
      for (const [scope, count] of scopes)
        for (const kind of kinds)
          if (growth[kind] > 0 && count[kind] + growth[kind] > limits[scope][kind]) {
            const waitMs = nextResetAt - options.now();
            refuse(
              429,
              'demo_limit',
              `${scopeWords[scope]} added as many ${kindWords[kind]} as the demo allows (${limits[scope][kind].toLocaleString('en')}): it starts afresh from its seed in ${hoursWords(waitMs)}.`,
              { headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) } },
            );
          }
      for (const [, count] of scopes) for (const kind of kinds) count[kind] += growth[kind];
    },
    reset(next) {
      sessions.clear();
      addresses.clear();
      world = zero();
      nextResetAt = next;
    },
  };
}
