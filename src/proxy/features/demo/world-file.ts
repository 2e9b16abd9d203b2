// The demo world kept in the data folder, beside the embedded store (issue 47 item 6): the store
// remembers what people did in the world (Activity, the watcher's snapshots and alerts), so a
// restart that threw the world away left the store speaking of centres the world no longer had.
// One JSON file, written whole (a temporary file renamed over it, so a crash leaves the old one),
// at most once a second while the world changes, and at once when the proxy stops. What cannot be
// read back (missing, corrupt, another seed's, or past its daily reset) starts the world afresh.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../core/http/context.ts';
import type { SimState } from '../../../simulator/index.ts';

export const WORLD_FILE = 'demo-world.json';

/** What a restart takes up: the world, what it grew from and when it goes back to its seed. */
export interface KeptWorld {
  /** The world's seed ('demo', D12): a start from another seed does not take this world up. */
  seed: string;
  /** When the world goes back to its seed (epoch milliseconds; the daily reset, DEMO_RESET_HOURS). */
  nextResetAt: number;
  state: SimState;
}

// The file is a boundary (edited, truncated, from an older version): anything else is dropped.
const keptWorldSchema = z.object({
  version: z.literal(1),
  seed: z.string(),
  nextResetAt: z.number(),
  state: z.looseObject({
    version: z.literal(1),
    now: z.string(),
    nextIds: z.looseObject({ provider: z.number(), doctor: z.number() }),
    providers: z.record(z.string(), z.unknown()),
    appliedEvents: z.record(z.string(), z.number()),
  }),
});

export interface WorldFile {
  /** The world kept for `seed`, unless it is past its reset at `now` or cannot be read. */
  read(seed: string, now: number): KeptWorld | undefined;
  /** The world changed: `current` is written within `delayMs` (the latest one, once). */
  changed(current: () => KeptWorld): void;
  /** Writes what changed and has not been written yet, now (the proxy stops). */
  flush(): void;
}

export function createWorldFile(dataDir: string, options: { logger: Logger; delayMs?: number }): WorldFile {
  const file = path.join(dataDir, WORLD_FILE);
  let pending: (() => KeptWorld) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const current = pending;
    pending = undefined;
    if (!current) return;
    const { seed, nextResetAt, state } = current();
    // Tokens are not kept: a session that outlives the restart gets a new one (D1, a 401 renews).
    const kept = { version: 1, seed, nextResetAt, state: { ...state, tokens: {} } };
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(kept), { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      // A full or read-only disk: the demo goes on in memory, and says so.
      options.logger.warn(
        { event: 'demo_world_not_kept', detail: error instanceof Error ? error.message : String(error) },
        'the demo world could not be written to the data folder',
      );
    }
  };
  return {
    read(seed, now) {
      let raw: string;
      try {
        raw = readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      const kept = keptWorldSchema.safeParse(parsed);
      if (!kept.success || kept.data.seed !== seed || kept.data.nextResetAt <= now) {
        if (!kept.success)
          options.logger.warn(
            { event: 'demo_world_unreadable', detail: `${WORLD_FILE} is not a kept demo world` },
            'the demo world starts afresh',
          );
        return undefined;
      }
      const { nextResetAt, state } = kept.data;
      return { seed, nextResetAt, state: state as unknown as SimState };
    },
    changed(current) {
      pending = current;
      timer ??= setTimeout(write, options.delayMs ?? 1_000);
      timer.unref();
    },
    flush: write,
  };
}
