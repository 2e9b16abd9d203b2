import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
const tsc = path.join(repo, 'node_modules/.bin/tsc');

function filesOf(project: string): string[] {
  const result = spawnSync(tsc, ['-p', project, '--listFilesOnly'], { cwd: repo, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout
    .split('\n')
    .filter(Boolean)
    .map((file) => path.relative(repo, file));
}

// `tsc -b` over a solution whose projects include nothing exits 0 and checks nothing; these pin
// what each project really checks, and that DOM and Node types stay on their own side.
describe('the TypeScript projects', () => {
  it('check the console with the DOM library, and of the proxy only its Web-standard app without Node types', () => {
    const files = filesOf('tsconfig.app.json');
    expect(files).toContain('src/console/main.tsx');
    expect(files.some((file) => file.endsWith('lib.dom.d.ts'))).toBe(true);
    // The in-browser host (docs/decisions/0012) and the app it runs are checked as browser code…
    const proxy = files.filter((file) => file.startsWith('src/proxy/'));
    expect(proxy).toEqual(
      expect.arrayContaining([
        'src/proxy/hosts/browser.ts',
        'src/proxy/app.ts',
        'src/proxy/core/sessions/sessions.ts',
        'src/proxy/features/audit/memory-store.ts',
        'src/proxy/features/audit/routes.ts',
      ]),
    );
    // …and nothing of the Node host reaches the browser, nor Node's types.
    for (const nodeOnly of [
      'server.ts',
      'main.ts',
      'config.ts',
      'redis-store.ts',
      'logger.ts',
      'static-site.ts',
      'client-address.ts',
      // The store of record (docs/decisions/0018): the page has the memory audit store instead.
      'core/store/engine.ts',
      'core/store/pglite.ts',
      'features/audit/repository.ts',
      'upstream-pool.ts',
      'demo-world.ts',
      'config-limits.ts',
    ])
      expect(proxy).not.toContain(`src/proxy/${nodeOnly}`);
    expect(files.filter((file) => file.includes('@types/node/'))).toEqual([]);
  });

  it('check Node code, scripts and configuration without the DOM library', () => {
    const files = filesOf('tsconfig.node.json');
    expect(files).toEqual(
      expect.arrayContaining(['scripts/start.ts', 'vite.config.ts', 'tools/lint/boundaries.ts']),
    );
    expect(files.filter((file) => file.endsWith('lib.dom.d.ts'))).toEqual([]);
  });

  it('check the end-to-end specs and the Playwright configuration', () => {
    expect(filesOf('tsconfig.e2e.json')).toEqual(
      expect.arrayContaining(['playwright.config.ts', 'e2e/smoke.spec.ts']),
    );
  });
});

describe('npm run typecheck', () => {
  it('fails on a deliberate type error and passes once it is fixed', () => {
    // A throwaway project that extends the console's, so it checks with the same strict options.
    const dir = path.join(repo, 'node_modules/.tmp/typecheck-probe');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../tsconfig.app.json',
        compilerOptions: { tsBuildInfoFile: './probe.tsbuildinfo' },
        include: ['probe.ts'],
      }),
    );
    const probe = path.join(dir, 'probe.ts');
    const build = () => spawnSync(tsc, ['-b', dir], { cwd: repo, encoding: 'utf8' });
    try {
      writeFileSync(probe, "export const count: number = 'three';\n");
      const refused = build();
      expect(refused.status).not.toBe(0);
      expect(refused.stdout).toMatch(/TS2322/);

      writeFileSync(probe, 'export const count: number = 3;\n');
      expect(build().status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
