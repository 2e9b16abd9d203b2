import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { documentedFetch } from '../../testing/document-check.ts';
import { parseServerArgs, redactPath, startSimulatorServer, type RunningServer } from './server.ts';

const run = promisify(execFile);
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The integrators' example block (docs/simulator.md): its sh block that contains `TOKEN=`. */
function documentedExamples(): string {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/simulator.md'), 'utf8');
  const blocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const block = blocks.find((b) => b.includes('TOKEN='));
  if (!block) throw new Error('docs/simulator.md has no curl examples');
  return block;
}

describe('npm run simulator (standalone server)', () => {
  it('the curl examples of docs/simulator.md pass as written against a started server', async () => {
    const lines: string[] = [];
    running = await startSimulatorServer({ port: 0 }, (line) => lines.push(line));
    const script = documentedExamples().replaceAll('http://127.0.0.1:4010', running.url);
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 20_000 });
    expect(stdout).toContain('"meta":{"total":34,"offset":0,"limit":2}');
    expect(stdout).toContain(
      '{"success":true,"code":200,"response":{"eventId":"evt_readme_1","applied":true,"status":"ACTIVE"}}',
    );
    expect(stdout).toContain('{"now":"2026-12-23T10:00:00Z"}');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^POST \/api\/iam\/integration\/token 200 \d+\.\dms$/);
    expect(lines.join('\n')).not.toMatch(/demo-parent-secret|sim_[0-9a-f]{8}/);
  });

  it('answers TRACE and a method a path does not take with 405 in the D2 shape, naming the methods it takes', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    const { port } = new URL(running.url);
    // fetch cannot send TRACE: a raw request, as a scanner sends it.
    const raw = (method: string, target: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, method, path: target }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }),
          );
        });
        request.on('error', reject);
        request.end();
      });
    const trace = await raw('TRACE', '/api/iam/integration/token');
    expect(trace).toEqual({
      status: 405,
      allow: 'POST',
      body: JSON.stringify({
        success: false,
        code: 405,
        message: 'TRACE is not allowed at /api/iam/integration/token',
      }),
    });
    expect((await raw('DELETE', '/iam/v1/provider/101/credentials')).status).toBe(405);
    expect((await raw('DELETE', '/iam/v1/provider/101/credentials')).allow).toBe('GET');
    expect((await raw('TRACE', '/no/such/path')).status).toBe(405);
    expect((await raw('GET', '/no/such/path')).status).toBe(404);
  });

  it('serves all nine operations at the spec paths', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    const base = running.url;
    const token = (
      (await (
        await documentedFetch(`${base}/api/iam/integration/token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: 'demo-parent',
            client_secret: 'demo-parent-secret',
          }),
        })
      ).json()) as { access_token: string }
    ).access_token;
    const auth = { Authorization: `Bearer ${token}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const statuses = await Promise.all([
      documentedFetch(`${base}/iam/v1/register/healthProviderDoctor`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          doctors: [
            {
              name: 'A',
              lastname: 'B',
              doctorId: 'x1',
              healthProviderId: 101,
              doctorSpeciality: 1,
              lang: 'ES',
            },
          ],
        }),
      }),
      documentedFetch(`${base}/iam/v1/register/childProvider`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'N', country: 'ES', city: 'C' }),
      }),
      documentedFetch(`${base}/iam/v1/provider/101/credentials`, { headers: auth }),
      documentedFetch(`${base}/core/v1/provider/100/child`, { headers: auth }),
      documentedFetch(`${base}/payments/v1/subscription/provider/101/user`, { headers: auth }),
      documentedFetch(`${base}/payments/v1/subscription/provider/101/license`, { headers: auth }),
      documentedFetch(`${base}/payments/v1/partner/webhook`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          id: 'evt_s',
          type: 'customer.subscription.deleted',
          created: '2026-11-22T10:00:00Z',
          data: { providerId: 101 },
        }),
      }),
      documentedFetch(`${base}/reportExample?providerId=101`, { headers: auth }),
    ]).then((rs) => rs.map((r) => r.status));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
  });

  it('a malformed request answers the D2 body, never a 500', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    const r = await documentedFetch(`${running.url}/iam/v1/register/childProvider`, {
      method: 'POST',
      body: '{',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' },
    });
    expect(r.status).toBe(401);
    const bad = await documentedFetch(`${running.url}/__sim/clock`, {
      method: 'POST',
      body: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: 400 });
  });

  it('npm run simulator starts, answers, and stops cleanly (exit 0) on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'server.ts'), '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // oxlint-disable-next-line no-await-in-loop -- one process per signal, in turn
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      // oxlint-disable-next-line no-await-in-loop -- as above
      expect((await documentedFetch(`${url}/__sim/clock`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      // oxlint-disable-next-line no-await-in-loop -- as above
      expect(await exited).toBe(0);
    }
  }, 20_000);

  it('parses its options and refuses --centres without --doctors', () => {
    expect(parseServerArgs(['--port', '4020', '--seed', 'empty'])).toMatchObject({
      port: 4020,
      seed: 'empty',
      host: '127.0.0.1',
    });
    expect(() => parseServerArgs(['--centres', '10'])).toThrow(/--centres and --doctors/);
    expect(() => parseServerArgs(['--seed', 'big'])).toThrow(/seed/);
  });

  it('redacts secrets and tokens in logged query strings', () => {
    expect(redactPath(new URL('http://h/x?client_secret=abc&limit=2&access_token=t'))).toBe(
      '/x?client_secret=%5Bredacted%5D&limit=2&access_token=%5Bredacted%5D',
    );
  });
});
