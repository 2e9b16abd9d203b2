// Embedded-database folders for tests, the end-to-end server and the bench (docs/decisions/0018). Making a PGlite cluster (initdb) costs
// seconds and hundreds of MB; a copy of a made one costs milliseconds. The template is made once
// (Vitest's global set-up, or the first test that needs it) under node_modules/.cache, kept between
// runs; every test, spawned proxy and end-to-end server copies it into a temporary folder.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterDirOf, ensureCluster } from '../src/proxy/core/store/pglite.ts';

export { embeddedEngineFlags } from '../src/proxy/core/store/pglite.ts';

export const templateDataDir = path.resolve(
  import.meta.dirname,
  '../node_modules/.cache/provider-console/pglite-template',
);

export const ensureTemplate = () => ensureCluster(templateDataDir);

/**
 * A new DATA_DIR, holding a copy of the template's cluster when there is one (else empty: the proxy
 * makes its own at start). Synchronous, for code that spawns a proxy.
 */
export function copyDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'proxy-data-'));
  const template = clusterDirOf(templateDataDir);
  if (existsSync(path.join(template, 'PG_VERSION'))) cpSync(template, clusterDirOf(dir), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A new DATA_DIR holding an empty, not yet migrated cluster; `remove` deletes it. */
export async function freshDataDir(): Promise<{ dir: string; remove(): void }> {
  await ensureTemplate();
  return copyDataDir();
}
