// The directory suite on the embedded engine (PGlite), one database for the whole file; then the
// whole database folder is read byte by byte: a connection's secret was never written in clear.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { canarySecret, directorySuite } from '../../testing/directory-suite.ts';
import { openStore, type Store } from '../../core/store/engine.ts';

let store: Store;
let data: { dir: string; remove(): void };
const key = randomBytes(32);

beforeAll(async () => {
  data = await freshDataDir();
  store = await openStore({ dataDir: data.dir });
}, 120_000);

afterAll(async () => {
  await store?.close();
  data?.remove();
});

directorySuite('PGlite', () => ({ db: store.db, key }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

test('the embedded database’s files, write-ahead log included, hold no connection secret in clear', async () => {
  await sql`checkpoint`.execute(store.db);
  const needle = Buffer.from(canarySecret);
  const holding = filesUnder(data.dir).filter((file) => readFileSync(file).includes(needle));
  expect(holding).toEqual([]);
});
