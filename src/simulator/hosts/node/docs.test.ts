import { Validator } from '@seriousme/openapi-schema-validator';
import { afterEach, describe, expect, it } from 'vitest';
import { documentedFetch } from '../../testing/document-check.ts';
import { startSimulatorServer, type RunningServer } from './server.ts';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

type Served = { servers: { url: string }[]; paths: Record<string, unknown> };

describe('the standalone simulator serves its reference (/openapi.json, /docs)', () => {
  it('/openapi.json validates as OpenAPI 3.1 and names this simulator as its server', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    const response = await fetch(`${running.url}/openapi.json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await response.json()) as Served;
    const result = await new Validator().validate(structuredClone(served));
    expect(result).toEqual({ valid: true });
    expect(served.servers.map((s) => s.url)).toEqual([running.url]);
    expect(Object.keys(served.paths)).toHaveLength(9);
  });

  it('D9: with a templates prefix the document lists the templates path after it, and the path answers', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true, 'templates-prefix': '/reports/v1' });
    const served = (await (await fetch(`${running.url}/openapi.json`)).json()) as Served;
    expect(Object.keys(served.paths)).toContain('/reports/v1/reportExample');
    expect(Object.keys(served.paths)).not.toContain('/reportExample');
    expect((await fetch(`${running.url}/reports/v1/reportExample?providerId=101`)).status).toBe(401);
  });

  it('/docs is a page of its own scripts and styles under a strict CSP, with the renderer served locally', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    const page = await fetch(`${running.url}/docs`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(
      /default-src 'none'; script-src 'self'; style-src 'self'/,
    );
    const html = await page.text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls).toEqual([
      '/docs/swagger-ui.css',
      '/docs/favicon-32x32.png',
      '/docs/swagger-ui-bundle.js',
      '/docs/init.js',
    ]);
    const assets = await Promise.all(urls.map((url) => fetch(`${running?.url}${url}`)));
    expect(assets.map((a) => [a.status, a.headers.get('content-type')])).toEqual([
      [200, 'text/css; charset=utf-8'],
      [200, 'image/png'],
      [200, 'text/javascript; charset=utf-8'],
      [200, 'text/javascript; charset=utf-8'],
    ]);
    const init = await assets[3]?.text();
    expect(init).toContain("url: '/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });

  it('anything else under /docs is the service’s D2 404, as before', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    const r = await documentedFetch(`${running.url}/docs/nope.js`);
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ success: false, code: 404 });
  });

  it('refuses to start without its document, naming the command that writes it', async () => {
    await expect(
      startSimulatorServer({ port: 0, quiet: true, openapi: '/nonexistent/openapi.json' }),
    ).rejects.toThrow(/cannot read the OpenAPI document .*npm run openapi/);
  });
});
