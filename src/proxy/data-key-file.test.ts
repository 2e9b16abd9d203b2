// The data-encryption key apart from the data it opens (issue 46 I1): with DATA_ENCRYPTION_KEY_FILE
// the embedded store's key is made and read there, never in DATA_DIR, so that a copy of the data
// folder (the README's backup) is not also its key. `node src/proxy/main.ts` as `npm start` runs it.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { copyDataDir } from '../../scripts/data-dir.ts';
import { dataKeyFile } from './core/store/data-key.ts';
import { parseConfig } from './config.ts';
import { spawnProxy } from './testing/process.ts';

const data = copyDataDir();
const keys = mkdtempSync(path.join(tmpdir(), 'proxy-keys-'));
afterAll(() => {
  data.remove();
  rmSync(keys, { recursive: true, force: true });
});

const start = async (env: Record<string, string>) => {
  const proxy = spawnProxy({ DATA_DIR: data.dir, ...env });
  await proxy.listening;
  proxy.child.kill('SIGTERM');
  return { code: await proxy.exited, stderr: proxy.stderr() };
};

test('the embedded store keeps its key at DATA_ENCRYPTION_KEY_FILE, made once there (owner only) and read again, never in DATA_DIR', async () => {
  const file = path.join(keys, 'data.key');
  await start({ DATA_ENCRYPTION_KEY_FILE: file });
  expect(existsSync(file)).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(existsSync(dataKeyFile(data.dir))).toBe(false);
  const made = readFileSync(file, 'utf8');
  await start({ DATA_ENCRYPTION_KEY_FILE: file });
  expect(readFileSync(file, 'utf8')).toBe(made);
  expect(existsSync(dataKeyFile(data.dir))).toBe(false);
}, 120_000);

test('a key file that is not a key stops the start, naming the variable', async () => {
  const file = path.join(keys, 'broken.key');
  writeFileSync(file, 'not a key\n');
  const proxy = spawnProxy({ DATA_DIR: data.dir, DATA_ENCRYPTION_KEY_FILE: file });
  expect(await proxy.exited).toBe(2);
  expect(proxy.stderr() + proxy.stdout()).toContain('DATA_ENCRYPTION_KEY_FILE');
}, 120_000);

test('the key file cannot be inside DATA_DIR, nor beside DATA_ENCRYPTION_KEY; with DATABASE_URL it stands for the key', () => {
  expect(() =>
    parseConfig({ DATA_DIR: '/srv/console', DATA_ENCRYPTION_KEY_FILE: '/srv/console/data.key' }),
  ).toThrow(/DATA_ENCRYPTION_KEY_FILE: is inside DATA_DIR/);
  expect(() =>
    parseConfig({
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      DATA_ENCRYPTION_KEY_FILE: '/run/secrets/data-key',
    }),
  ).toThrow(/DATA_ENCRYPTION_KEY_FILE: cannot be set with DATA_ENCRYPTION_KEY/);
  const server = parseConfig({
    DATABASE_URL: 'postgres://console@db.example/console',
    DATA_ENCRYPTION_KEY_FILE: '/run/secrets/data-key',
  });
  expect(server.dataKeyFile).toBe('/run/secrets/data-key');
});
