// The bundle budget (docs/architecture.md, `npm run test:budget`): login-route entry JS ≤ 161 kB gzip, entry CSS ≤ 16 kB
// gzip, every lazy route ≤ 35 kB gzip beyond what the entry and the shared chunks already hold, the
// chunk the signed-in screens share (vite.config.ts `screens`) ≤ 80 kB gzip, no MSW and no client
// secret in a production build. Reads Vite's manifest of a fresh `vite build`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const KB = 1024;
// 161 kB again since the shared chunks were grouped (docs/decisions/0017, "The login budget"; 0029).
// The shared chunk since issue 48 item 2 (docs/decisions/0029): measured at 77.2 kB.
export const budgets = {
  loginEntryJs: 161 * KB,
  entryCss: 16 * KB,
  routeChunk: 35 * KB,
  screensChunk: 80 * KB,
};

/**
 * The named groups of vite.config.ts that several routes share: each is measured once, on its own
 * row, not again in every route that loads it.
 */
const SHARED_GROUPS = new Set(['screens', 'sign-in', 'forms']);

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    name: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export interface BudgetReport {
  rows: { name: string; bytes: number; limit: number }[];
  failures: string[];
}

export function checkBudget(dist: string): BudgetReport {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`vite build\` first`);
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const gz = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gz.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(dist, file))).length;
      gz.set(file, bytes);
    }
    return bytes;
  };
  const files = (keys: Iterable<string>) => new Set([...keys].map((key) => manifest[key]?.file ?? key));
  const sum = (set: Set<string>) => [...set].reduce((total, file) => total + size(file), 0);

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const entryKeys = staticClosure(manifest, entryKey);
  const entryFiles = files(entryKeys);
  const entryCss = new Set([...entryKeys].flatMap((key) => manifest[key]?.css ?? []));

  const rows: BudgetReport['rows'] = [];
  const failures: string[] = [];
  const row = (name: string, bytes: number, limit: number) => {
    rows.push({ name, bytes, limit });
    if (bytes > limit) failures.push(`${name}: ${(bytes / KB).toFixed(1)} kB gzip exceeds ${limit / KB} kB`);
  };

  const routes = Object.entries(manifest).filter(
    ([, chunk]) => chunk.isDynamicEntry && chunk.src?.startsWith('src/console/routes/'),
  );
  // What a first visit to /login downloads: the entry and the login route's own chunks.
  const loginFiles = new Set(entryFiles);
  for (const [key, chunk] of routes) {
    if (/src\/console\/routes\/.*login/.test(chunk.src ?? ''))
      for (const file of files(staticClosure(manifest, key))) loginFiles.add(file);
  }
  row('login-route entry JS', sum(loginFiles), budgets.loginEntryJs);
  row('entry CSS', sum(entryCss), budgets.entryCss);
  const shared = Object.values(manifest).filter(
    (chunk) => chunk.name !== undefined && SHARED_GROUPS.has(chunk.name) && chunk.file.endsWith('.js'),
  );
  const sharedFiles = new Set(shared.map((chunk) => chunk.file));
  for (const chunk of shared.filter((candidate) => candidate.name === 'screens'))
    row(`shared chunk ${chunk.name}`, size(chunk.file), budgets.screensChunk);
  for (const [key, chunk] of routes) {
    const added = [...files(staticClosure(manifest, key))].filter(
      (file) => !entryFiles.has(file) && !sharedFiles.has(file) && file.endsWith('.js'),
    );
    row(`route ${chunk.src}`, sum(new Set(added)), budgets.routeChunk);
  }

  for (const file of listFiles(dist)) {
    const text = readFileSync(path.join(dist, file), 'utf8');
    if (file.endsWith('mockServiceWorker.js') || /\[MSW\]|mockServiceWorker/.test(text))
      failures.push(`${file}: MSW must not reach a production build`);
    // D12's demo secrets (and the simulator's seed, which holds every demo child's) stay on the
    // server: the demo buttons send only which login (`POST /auth/demo-login`).
    const secret = secretPattern.exec(text)?.[0];
    if (secret) failures.push(`${file}: holds the client secret "${secret}"; a built console must hold none`);
  }
  return { rows, failures };
}

/** The demo seed's secrets (`demo-parent-secret`, `demo-child-101-secret`, …). */
const secretPattern = /demo-[a-z0-9-]+-secret/;

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return listFiles(dir, relative);
    return /\.(js|mjs|html|css|json|map|txt)$/.test(entry.name) ? [relative] : [];
  });
}

if (import.meta.main) {
  const dist = path.resolve(import.meta.dirname, '../dist');
  const { rows, failures } = checkBudget(dist);
  for (const { name, bytes, limit } of rows)
    console.log(
      `${bytes > limit ? '✗' : '✓'} ${name.padEnd(48)} ${(bytes / KB).toFixed(1).padStart(6)} kB / ${limit / KB} kB`,
    );
  if (failures.length > 0) {
    console.error(`\nBundle budget exceeded:\n${failures.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
}
