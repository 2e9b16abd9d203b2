// The deployment key that seals connection secrets in the database (docs/decisions/0023), kept
// apart from the data it opens (issue 46 I1):
// - DATA_ENCRYPTION_KEY, the key itself (required with DATABASE_URL unless the next is set);
// - DATA_ENCRYPTION_KEY_FILE, a file holding it outside DATA_DIR (a secret mount, a key folder of
//   its own); for the embedded database it is made there on the first start when missing;
// - neither, embedded only: a random key made once beside the database in DATA_DIR, so that
//   `npm start` needs no setup; a copy of that folder then carries its key (docs/configuration.md,
//   "The store").
// A file is 64 hex digits or 32 bytes in base64, readable by this user only when the proxy makes it.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseStartError } from './errors.ts';

export const dataKeyFile = (dataDir: string) => path.join(dataDir, 'data-encryption.key');

type KeySource = 'DATA_DIR' | 'DATA_ENCRYPTION_KEY_FILE';

function readKey(file: string, source: KeySource): Uint8Array | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DatabaseStartError(source, `cannot read ${file}: ${(error as Error).message}`);
  }
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) return Buffer.from(text, 'base64');
  throw new DatabaseStartError(
    source,
    `${file} is not a key (64 hex digits or 32 bytes in base64): restore it, or set DATA_ENCRYPTION_KEY`,
  );
}

export function dataKeyFor(options: {
  dataEncryptionKey: Uint8Array | undefined;
  /** DATA_ENCRYPTION_KEY_FILE, resolved. */
  keyFile?: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}): Uint8Array {
  if (options.dataEncryptionKey) return options.dataEncryptionKey;
  const source: KeySource = options.keyFile ? 'DATA_ENCRYPTION_KEY_FILE' : 'DATA_DIR';
  const file = options.keyFile ?? dataKeyFile(options.dataDir);
  const found = readKey(file, source);
  if (found) return found;
  // A server's instances must share one key: never made here, where each would make its own.
  if (options.databaseUrl)
    throw new DatabaseStartError(
      options.keyFile ? 'DATA_ENCRYPTION_KEY_FILE' : 'DATABASE_URL',
      options.keyFile
        ? `${file} does not exist: with DATABASE_URL the key is made once (openssl rand -base64 32) and given to every instance`
        : 'DATA_ENCRYPTION_KEY is required with DATABASE_URL',
    );
  const key = randomBytes(32);
  try {
    // `wx`: two starts racing make one key, and the second reads it.
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return dataKeyFor(options);
    throw new DatabaseStartError(source, `cannot write ${file}: ${(error as Error).message}`);
  }
}
