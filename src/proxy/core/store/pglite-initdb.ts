// `node pglite-initdb.ts <folder>`: makes an empty PGlite cluster in <folder> and exits (core/store/pglite.ts
// runs it in a child process, so that initdb's memory leaves with it). Made beside the folder and
// renamed into place: an interrupted run never leaves half a cluster behind.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const target = process.argv[2];
if (!target) {
  console.error('usage: pglite-initdb.ts <folder>');
  process.exit(2);
}
const staging = `${target}.initdb-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(path.dirname(staging), { recursive: true });
try {
  const db = await PGlite.create(staging);
  await db.close();
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another process made the same cluster meanwhile: theirs stands.
    if (!existsSync(path.join(target, 'PG_VERSION'))) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
