// The watcher on the embedded engine (PGlite): pg-boss in this process through its PGlite adapter,
// the same job definitions as on a server, and the retention of what it keeps. One database for
// the whole file (docs/decisions/0018).
import { afterAll, beforeAll } from 'vitest';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { openStore, type Store } from '../../core/store/engine.ts';
import { watchRetentionSuite } from '../../testing/watch-retention-suite.ts';
import { watchSuite } from '../../testing/watch-suite.ts';

let store: Store;
let remove: () => void;

beforeAll(async () => {
  const data = await freshDataDir();
  remove = data.remove;
  store = await openStore({ dataDir: data.dir });
}, 120_000);

afterAll(async () => {
  await store?.close();
  remove?.();
});

watchSuite('PGlite', () => store);
watchRetentionSuite('PGlite', () => store);
