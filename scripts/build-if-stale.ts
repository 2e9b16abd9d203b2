import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    // Tests do not change the build.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/ is missing or older than any source of the console build. */
export function buildIsStale(): boolean {
  const built = newestMtime(path.join(root, 'dist/index.html'));
  if (built === 0) return true;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Builds the console with Vite when the build is missing or older than its sources. */
export function buildIfStale(): void {
  if (!buildIsStale()) return;
  console.log('Building the console (dist/ is missing or older than the sources)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The console build failed; see the errors above.');
    process.exit(result.status ?? 1);
  }
}
