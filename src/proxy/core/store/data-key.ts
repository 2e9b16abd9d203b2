// The deployment key that seals connection secrets in the database (docs/decisions/0023).
// DATA_ENCRYPTION_KEY when set (required with DATABASE_URL: the key must live apart from the
// database it protects). For the embedded database alone, a random key is made once and kept
// beside it in DATA_DIR (readable by this user only), so that `npm start` needs no setup and a
// restart still opens what it sealed; a copy of that folder carries its key (docs/configuration.md, "The store").
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseStartError } from './errors.ts';

export const dataKeyFile = (dataDir: string) => path.join(dataDir, 'data-encryption.key');

export function dataKeyFor(options: {
  dataEncryptionKey: Uint8Array | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}): Uint8Array {
  if (options.dataEncryptionKey) return options.dataEncryptionKey;
  if (options.databaseUrl)
    throw new DatabaseStartError('DATABASE_URL', 'DATA_ENCRYPTION_KEY is required with DATABASE_URL');
  const file = dataKeyFile(options.dataDir);
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
    throw new DatabaseStartError(
      'DATA_DIR',
      `${file} is not a key (64 hex digits): restore it, or set DATA_ENCRYPTION_KEY`,
    );
  } catch (error) {
    if (error instanceof DatabaseStartError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  try {
    // `wx`: two starts racing make one key, and the second reads it.
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return dataKeyFor(options);
    throw new DatabaseStartError('DATA_DIR', `cannot write ${file}: ${(error as Error).message}`);
  }
}
