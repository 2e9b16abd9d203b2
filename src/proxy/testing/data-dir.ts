// Embedded-database folders for tests (docs/decisions/0018). Making a PGlite cluster (initdb) costs
// seconds and hundreds of MB; a copy of a made one costs milliseconds. The first test that needs
// one makes the template (under node_modules/.cache, kept between runs), every test copies it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterDirOf, ensureCluster } from '../db/pglite.ts';

const template = path.resolve(import.meta.dirname, '../../../node_modules/.cache/provider-console/pglite-template');

/** A new DATA_DIR holding an empty, not yet migrated cluster; `remove` deletes it. */
export async function freshDataDir(): Promise<{ dir: string; remove(): void }> {
  await ensureCluster(template);
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-data-'));
  cpSync(clusterDirOf(template), clusterDirOf(dir), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
