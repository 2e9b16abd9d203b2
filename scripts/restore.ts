// `npm run restore -- FILE`: a dump made by `npm run backup`, into an empty DATA_DIR (a PGlite dump)
// or an empty database at DATABASE_URL (a pg_dump); a folder or database that holds anything is
// refused (issue 49, item 5). The data-encryption key is put back beside it by hand (docs/operations.md).
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../src/proxy/config.ts';
import { BackupError, restore } from '../src/proxy/features/operations/backup.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
try {
  const kind = await restore(
    { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || defaultDataDir },
    file,
  );
  console.error(
    `Restored (${kind}) from ${file}. Put the data-encryption key back before starting the console.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
