// `npm run backup -- --out FILE`: a consistent dump of the store (issue 49, item 5): pg_dump for
// DATABASE_URL while the console serves; PGlite's own dump of DATA_DIR's embedded database, asked
// of the console running on it through its METRICS_PORT listener, or read from the folder when it
// is stopped. The data-encryption key is not in it (docs/operations.md).
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../src/proxy/config.ts';
import { backup, BackupError } from '../src/proxy/features/operations/backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out FILE');
  process.exit(2);
}
try {
  const kind = await backup(
    {
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: process.env.DATA_DIR || defaultDataDir,
      operationsUrl: operationsUrlOf(process.env),
    },
    values.out,
  );
  console.error(`Backed up (${kind}) to ${values.out}. The data-encryption key is not in it: keep it apart.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}

/** The console's operations listener as this machine reaches it: METRICS_HOST, or loopback when it binds every address. */
function operationsUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.METRICS_PORT) return undefined;
  const bound = env.METRICS_HOST;
  const host = bound && !['0.0.0.0', '::', '[::]'].includes(bound) ? bound : '127.0.0.1';
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${env.METRICS_PORT}`;
}
