import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { violation } from './boundaries.ts';

describe('the import boundaries', () => {
  it('refuse a feature importing another feature', () => {
    expect(
      violation('src/console/features/centres/list.tsx', { path: 'src/console/features/doctors/api' }),
    ).toMatch(/features do not import each other/);
  });

  it('let a feature import itself, shared components, lib and the contract', () => {
    for (const to of [
      'src/console/features/centres/api/list',
      'src/console/components/page',
      'src/console/lib/i18n',
      'src/contract/operations',
    ])
      expect(violation('src/console/features/centres/list.tsx', { path: to })).toBeUndefined();
  });

  it('keep the domain pure: no feature, no React, only itself and the contract', () => {
    for (const to of [
      'src/console/features/licences/banners',
      'src/console/api/get-licenses',
      'src/console/components/feedback',
      'src/console/lib/i18n',
    ])
      expect(violation('src/console/domain/centre.ts', { path: to })).toMatch(/domain imports only/);
    for (const pkg of ['react', '@tanstack/react-query', '@mantine/core'])
      expect(violation('src/console/domain/centre.ts', { pkg })).toMatch(/no package/);
    expect(violation('src/console/domain/centre.ts', { path: 'src/console/domain/plans' })).toBeUndefined();
    expect(violation('src/console/domain/centre.ts', { path: 'src/contract/schemas' })).toBeUndefined();
    // Its tests read wire bodies as the console does.
    expect(
      violation('src/console/domain/centre.test.ts', { path: 'src/console/testing/wire-bodies' }),
    ).toBeUndefined();
    expect(violation('src/console/domain/centre.test.ts', { pkg: 'vitest' })).toBeUndefined();
    expect(violation('src/console/domain/centre.ts', { path: 'src/console/testing/wire-bodies' })).toMatch(
      /domain imports only/,
    );
    // Features read it.
    expect(
      violation('src/console/features/licences/plan-summary.tsx', { path: 'src/console/domain/centre' }),
    ).toBeUndefined();
  });

  it('keep the proxy out of browser code', () => {
    expect(violation('src/console/lib/api-client.ts', { path: 'src/proxy/session' })).toMatch(
      /only the proxy/,
    );
    expect(violation('src/proxy/app.ts', { path: 'src/proxy/session' })).toBeUndefined();
  });

  it('keep the simulator independent of the contract and the console', () => {
    expect(violation('src/simulator/core/state.ts', { path: 'src/contract/schemas' })).toMatch(
      /independent reading/,
    );
    expect(violation('src/simulator/core/state.ts', { pkg: 'react' })).toMatch(/no UI/);
    // Its tests read the generated document as data, through the generic check only.
    expect(
      violation('src/simulator/testing/document-check.ts', { path: 'tools/openapi/response-check.ts' }),
    ).toBeUndefined();
    expect(violation('src/simulator/testing/x.ts', { path: 'tools/conformance/run.ts' })).toMatch(
      /only the generic response check/,
    );
    expect(
      violation('src/simulator/handlers/upstream.ts', { path: 'src/simulator/core/state' }),
    ).toBeUndefined();
  });

  it('keep the contract on zod alone', () => {
    expect(violation('src/contract/operations.ts', { pkg: '@tanstack/react-query' })).toMatch(/only on zod/);
    expect(violation('src/contract/operations.ts', { pkg: 'zod' })).toBeUndefined();
  });

  it('keep the proxy from importing console code', () => {
    expect(violation('src/proxy/app.ts', { path: 'src/console/features/centres/list' })).toMatch(
      /never imports console/,
    );
    expect(violation('src/proxy/app.ts', { path: 'src/simulator/index' })).toBeUndefined();
  });

  it('refuse a Mantine stylesheet imported anywhere but the one ordered module', () => {
    for (const stylesheet of [
      '@mantine/core/styles/Button.css',
      '@mantine/core/styles.css',
      '@mantine/spotlight/styles.css',
      '@mantine/core/styles/Modal.layer.css',
    ]) {
      expect(violation('src/console/features/centres/list.tsx', { pkg: stylesheet })).toMatch(
        /imported only by src\/console\/app\/styles.ts/,
      );
      expect(violation('src/console/app/styles.ts', { pkg: stylesheet })).toBeUndefined();
    }
    expect(violation('src/console/features/centres/list.tsx', { pkg: '@mantine/core' })).toBeUndefined();
  });

  it('keep features and shared console code away from the simulator', () => {
    for (const from of ['src/console/features/centres/list.tsx', 'src/console/lib/i18n/index.tsx'])
      expect(violation(from, { path: 'src/simulator/index' })).toMatch(/never to the simulator/);
    expect(violation('src/console/main.tsx', { path: 'src/simulator/hosts/browser' })).toMatch(
      /never to the simulator/,
    );
    expect(
      violation('src/console/testing/simulator-console.ts', { path: 'src/simulator/index' }),
    ).toBeUndefined();
  });

  it("let the console entry and its test harness reach only the proxy's in-browser host", () => {
    expect(violation('src/console/main.tsx', { path: 'src/proxy/hosts/browser-worker' })).toBeUndefined();
    expect(
      violation('src/console/testing/simulator-console.ts', { path: 'src/proxy/hosts/browser.ts' }),
    ).toBeUndefined();
    expect(violation('src/console/main.tsx', { path: 'src/proxy/app' })).toMatch(/only the proxy/);
    expect(violation('src/console/testing/render-app.tsx', { path: 'src/proxy/hosts/browser' })).toMatch(
      /only the proxy/,
    );
    expect(
      violation('src/console/features/auth/login-form.tsx', { path: 'src/proxy/hosts/browser' }),
    ).toMatch(/only the proxy/);
  });

  it("let the journeys use the proxy's test kit, and nothing else of the proxy", () => {
    expect(violation('e2e/own-proxy.ts', { path: 'src/proxy/testing/process.ts' })).toBeUndefined();
    expect(violation('e2e/own-proxy.ts', { path: 'src/proxy/core/sessions/carrier.ts' })).toMatch(
      /only the proxy/,
    );
  });

  it("keep the proxy's core free of features and of the composition", () => {
    for (const to of [
      'src/proxy/features/audit/recorder.ts',
      'src/proxy/features/people/index.ts',
      'src/proxy/app.ts',
    ])
      expect(violation('src/proxy/core/http/context.ts', { path: to })).toMatch(/core imports no feature/);
    expect(
      violation('src/proxy/core/http/context.ts', { path: 'src/proxy/core/sessions/store.ts' }),
    ).toBeUndefined();
  });

  it('let a proxy feature reach another only through its index.ts, and never the composition', () => {
    expect(
      violation('src/proxy/features/watch/routes.ts', { path: 'src/proxy/features/alerts/raise.ts' }),
    ).toMatch(/only through its public index.ts \(watch → alerts\)/);
    expect(
      violation('src/proxy/features/watch/routes.ts', { path: 'src/proxy/features/alerts/index.ts' }),
    ).toBeUndefined();
    expect(
      violation('src/proxy/features/watch/routes.ts', { path: 'src/proxy/features/watch/refresh.ts' }),
    ).toBeUndefined();
    expect(
      violation('src/proxy/features/watch/routes.ts', { path: 'src/proxy/core/http/refusal.ts' }),
    ).toBeUndefined();
    for (const to of ['src/proxy/app.ts', 'src/proxy/config.ts', 'src/proxy/main.ts'])
      expect(violation('src/proxy/features/watch/routes.ts', { path: to })).toMatch(
        /does not import the composition/,
      );
    // Tests and the testing kit put features together on purpose.
    expect(
      violation('src/proxy/features/watch/read.postgres.test.ts', {
        path: 'src/proxy/features/alerts/raise.ts',
      }),
    ).toBeUndefined();
  });

  it("keep the proxy's configuration free of features", () => {
    expect(
      violation('src/proxy/features/watch/config.ts', { path: 'src/proxy/features/alerts/index.ts' }),
    ).toMatch(/configuration imports no feature/);
    expect(
      violation('src/proxy/core/config/limits.ts', { path: 'src/proxy/features/demo/guard.ts' }),
    ).toMatch(/configuration imports no feature/);
    expect(violation('src/proxy/config.ts', { path: 'src/proxy/features/watch/config.ts' })).toBeUndefined();
  });

  it('keep the console↔proxy API on the upstream contract and zod alone', () => {
    expect(violation('src/proxy-api/people.ts', { path: 'src/contract/schemas' })).toBeUndefined();
    expect(violation('src/proxy-api/people.ts', { path: 'src/proxy/features/people/routes' })).toMatch(
      /imports only itself and the upstream contract/,
    );
    expect(violation('src/proxy-api/people.ts', { pkg: 'hono' })).toMatch(/only on zod/);
    expect(violation('src/contract/schemas.ts', { path: 'src/proxy-api/people' })).toMatch(/bottom layer/);
  });

  it('keep shared code from depending on features', () => {
    expect(
      violation('src/console/components/page.tsx', { path: 'src/console/features/centres/list' }),
    ).toMatch(/shared code/);
  });
});

describe('oxlint with the project configuration', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('fails on each deliberate boundary violation and passes once they are removed', () => {
    const repo = path.resolve(import.meta.dirname, '../..');
    cpSync(path.join(repo, 'tools/lint/boundaries.ts'), path.join(root, 'tools/lint/boundaries.ts'));
    writeFileSync(
      path.join(root, '.oxlintrc.json'),
      JSON.stringify({ jsPlugins: ['./tools/lint/boundaries.ts'], rules: { 'boundaries/zones': 'error' } }),
    );
    for (const dir of ['src/console/features/centres', 'src/console/features/doctors', 'src/simulator'])
      mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, 'src/console/features/doctors/api.ts'), 'export const doctors = 1;\n');
    writeFileSync(path.join(root, 'src/simulator/index.ts'), 'export const simulator = 1;\n');
    const importer = path.join(root, 'src/console/features/centres/list.ts');
    writeFileSync(
      importer,
      [
        "import { doctors } from '../doctors/api.ts';",
        "import { simulator } from '../../../simulator/index.ts';",
        "import '@mantine/core/styles/Button.css';",
        'export const n = doctors + simulator;',
        '',
      ].join('\n'),
    );

    const oxlint = path.join(repo, 'node_modules/.bin/oxlint');
    const run = () => spawnSync(oxlint, ['-c', '.oxlintrc.json', 'src'], { cwd: root, encoding: 'utf8' });
    const refused = run();
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/features do not import each other \(centres → doctors\)/);
    expect(refused.stdout).toMatch(/never to the simulator/);
    expect(refused.stdout).toMatch(/Mantine stylesheets are imported only by src\/console\/app\/styles.ts/);

    writeFileSync(importer, 'export const n = 1;\n');
    const clean = run();
    expect(clean.stdout).toMatch(/0 errors/);
    expect(clean.status).toBe(0);
  });
});
