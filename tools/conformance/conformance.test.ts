import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/simulator/index.ts';
import { startSimulatorServer, type RunningServer } from '../../src/simulator/hosts/node/server.ts';
import { recordingFetch, WriteRefused } from './exchange.ts';
import { parseOptions, type ConformanceOptions } from './options.ts';
import { runConformance, type RunReport } from './run.ts';

const execFileAsync = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/conformance.ts');
const SECRET = 'demo-parent-secret';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** `npm run conformance` as a person runs it: its exit code, its printed lines and its report. */
async function cli(args: string[], env: Record<string, string> = { SIM_SECRET: SECRET }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-'));
  const report = path.join(dir, 'report');
  const child = await execFileAsync(process.execPath, [script, ...args, '--report', report], {
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 30_000,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
  const read = (ext: string) => {
    try {
      return readFileSync(`${report}.${ext}`, 'utf8');
    } catch {
      return '';
    }
  };
  const md = read('md');
  const json = read('json');
  return { ...child, md, json, report: json ? (JSON.parse(json) as RunReport) : undefined };
}

const demoArgs = (url: string) => [
  '--base-url',
  url,
  '--client-id',
  'demo-parent',
  '--client-secret-env',
  'SIM_SECRET',
  '--provider-id',
  '100',
  '--centre-id',
  '101',
  '--user-id',
  '101-doc-002',
];

async function fault(url: string, match: string, response: unknown) {
  const r = await fetch(`${url}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ match, status: 200, body: { success: true, code: 200, response } }),
  });
  expect(r.status).toBe(200);
}

describe('npm run conformance', () => {
  it('passes every check against the standalone simulator, one printed line each, exit 0', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    const run = await cli(demoArgs(running.url));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const checkLines = lines.filter((l) => /^(PASS|FAIL|SKIP) {2}/.test(l));
    expect(checkLines.length).toBe(run.report?.results.length);
    expect(checkLines.every((l) => l.startsWith('PASS'))).toBe(true);
    expect(run.report?.counts).toEqual({ pass: 15, fail: 0, skip: 0 });
    expect(lines.at(-1)).toMatch(/^conformance: 15 passed, 0 failed, 0 skipped \(report: /);
    expect(run.md).toContain('**15 passed, 0 failed, 0 skipped.**');
    // The secret and the token never reach the screen or the report.
    for (const text of [run.stdout, run.md, run.json]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/sim_[0-9a-f]{32}/);
    }
  });

  it('with injected drift (D11 faults) reports exactly the drifted answers and exits 1', async () => {
    running = await startSimulatorServer({ port: 0, quiet: true });
    // An extra field on a child, an unknown licence type, and a page whose data is not a list.
    await fault(running.url, 'GET /core/v1/provider/100/child', {
      data: [{ id: 101, name: 'Clínica Diagonal', country: 'ES', city: 'Barcelona', region: 'CT' }],
      meta: { total: 1, offset: 0, limit: 1 },
    });
    await fault(running.url, 'GET /payments/v1/subscription/provider/101/license', {
      summary: [{ type: 'PLATINUM', total: 10, used: 8, available: 2 }],
      status: 'ACTIVE',
    });
    await fault(running.url, 'GET /reportExample', {
      data: { id: 1 },
      meta: { total: 1, offset: 0, limit: 10 },
    });
    const run = await cli(demoArgs(running.url));
    expect(run.code).toBe(1);
    const failed = run.report?.results.filter((r) => r.outcome === 'fail') ?? [];
    expect(failed.map((r) => [r.id, [...new Set(r.problems.map((p) => p.kind))]])).toEqual([
      ['children-all', ['unknown-field']],
      ['licences-summary', ['unknown-value']],
      ['templates-provider', ['shape']],
    ]);
    expect(failed.map((r) => r.problems[0]?.at)).toEqual([
      '/response/data/0/region',
      '/response/summary/0/type',
      '/response/data',
    ]);
    expect(run.report?.counts).toEqual({ pass: 12, fail: 3, skip: 0 });
    expect(run.stdout).toMatch(
      /^FAIL {2}licences-summary .*unknown-value at \/response\/summary\/0\/type: "PLATINUM" is not one of/m,
    );
    expect(run.md).toContain('- **unknown-field** at `/response/data/0/region`: unknown field "region"');
  });

  it('takes the secret only from the environment variable it names, and refuses plain http off loopback', async () => {
    const base = ['--base-url', 'http://127.0.0.1:9', '--client-id', 'c', '--provider-id', '1'];
    const onCommandLine = await cli([...base, '--client-secret', SECRET]);
    expect([onCommandLine.code, onCommandLine.stderr]).toEqual([
      2,
      expect.stringContaining("Unknown option '--client-secret'"),
    ]);
    const unset = await cli([...base, '--client-secret-env', 'NOT_SET'], {});
    expect([unset.code, unset.stderr]).toEqual([
      2,
      expect.stringContaining('NOT_SET (--client-secret-env) is not set'),
    ]);
    expect(() =>
      parseOptions(
        [
          '--base-url',
          'http://qa.example',
          '--client-id',
          'c',
          '--client-secret-env',
          'S',
          '--provider-id',
          '1',
        ],
        {
          S: 'x',
        },
      ),
    ).toThrow(/must use https/);
  });
});

const options = (allowWrites?: number): ConformanceOptions => ({
  baseUrl: 'http://upstream.test',
  clientId: 'demo-parent',
  clientSecret: SECRET,
  providerId: 100,
  centreId: 101,
  userId: undefined,
  allowWrites,
  templatesPrefix: '',
  report: 'unused',
  timeoutMs: 5000,
});
const watched = () => {
  const sim = createSimulator();
  const sent: string[] = [];
  const fetch = (request: Request) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return sim.fetch(request);
  };
  return { sim, sent, fetch };
};

describe('the conformance run writes nothing unless allowed', () => {
  it('a read-only run sends GETs and the token request only, and changes no state', async () => {
    const { sim, sent, fetch } = watched();
    const before = JSON.stringify({ ...sim.exportState(), tokens: {} });
    const report = await runConformance(options(), { fetch });
    expect(report.counts.fail).toBe(0);
    expect(new Set(sent.filter((s) => !s.startsWith('GET ')))).toEqual(
      new Set(['POST /api/iam/integration/token']),
    );
    expect(JSON.stringify({ ...sim.exportState(), tokens: {} })).toBe(before);
  });

  it('--allow-writes registers one doctor in that centre only, and a rerun adds none (D4)', async () => {
    const { sim, sent, fetch } = watched();
    const first = await runConformance(options(105), { fetch });
    expect(first.results.find((r) => r.id === 'register-doctor')?.outcome).toBe('pass');
    expect(sent.filter((s) => s.startsWith('POST /iam'))).toEqual([
      'POST /iam/v1/register/healthProviderDoctor',
    ]);
    const doctors = () => sim.exportState().providers['105']?.doctors.map((d) => d.doctorId);
    expect(doctors()).toEqual(['conformance-check-105']);
    await runConformance(options(105), { fetch });
    expect(doctors()).toEqual(['conformance-check-105']);
  });

  it('its transport refuses a mutating request outright when writes are not allowed', async () => {
    const recorder = recordingFetch(async () => new Response('{}'), false);
    await expect(
      recorder.fetch(new Request('http://x/iam/v1/register/childProvider', { method: 'POST' })),
    ).rejects.toThrow(WriteRefused);
    await expect(
      recorder.fetch(new Request('http://x/api/iam/integration/token', { method: 'POST' })),
    ).resolves.toBeInstanceOf(Response);
  });
});
