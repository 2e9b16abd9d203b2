// Starts `node src/proxy/main.ts` as a child process for the tests of the program as a whole:
// configuration, start-up lines, signals and connections.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { embeddedEngineFlags } from '../core/store/pglite.ts';
import { copyDataDir } from '../../../scripts/data-dir.ts';
import { listeningUrl } from '../../../scripts/proxy-output.ts';
import { sessionCookieName } from '../core/sessions/carrier.ts';
import { canary } from './fake-upstream.ts';
import { sessionFrom } from './harness.ts';

export interface ProxyProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the URL of the `listening` log line (rejects if the process exits first). */
  listening: Promise<string>;
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, and the exit awaited (at once if it has exited). */
  stop(): Promise<void>;
}

export interface ProgramOptions {
  /** The proxy itself (`src/proxy/main.ts`, the default) or `npm start` (`scripts/start.ts`). */
  program?: 'proxy' | 'start';
  args?: string[];
  /** Its settings; only PATH comes from this process's environment unless they say otherwise. */
  env: Record<string, string>;
  /**
   * Keep its output once it listens (the default, for tests that read its lines); a server that
   * serves a whole suite logs every request, so the end-to-end servers drop it, and forward their
   * errors to the runner's when `forwardErrors`.
   */
  keepOutput?: boolean;
  forwardErrors?: boolean;
}

const programs = {
  proxy: path.join(import.meta.dirname, '../main.ts'),
  start: path.join(import.meta.dirname, '../../../scripts/start.ts'),
};

/**
 * The one way tests, end-to-end journeys and the bench start a proxy as a user would: a child
 * process, its embedded database in a folder of its own (a copy of the template, removed when it
 * exits) unless DATA_DIR or DATABASE_URL is given.
 */
export function spawnProgram(options: ProgramOptions): ProxyProcess {
  const { env, keepOutput = true } = options;
  const data = env.DATA_DIR || env.DATABASE_URL ? undefined : copyDataDir();
  const flags = env.DATABASE_URL ? [] : embeddedEngineFlags;
  const script = programs[options.program ?? 'proxy'];
  const child = spawn(process.execPath, [...flags, script, ...(options.args ?? [])], {
    env: { PATH: process.env.PATH ?? '', ...(data ? { DATA_DIR: data.dir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let heard = false;
  child.stderr.on('data', (chunk: Buffer) => {
    if (keepOutput || !heard) stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      data?.remove();
      resolve(code);
    }),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const hear = listeningUrl();
    child.stdout.on('data', (chunk: Buffer) => {
      if (heard && !keepOutput) return;
      const text = chunk.toString();
      stdout += text;
      const url = hear(text);
      if (!url) return;
      heard = true;
      if (!keepOutput) stdout = stderr = '';
      if (options.forwardErrors) child.stderr.pipe(process.stderr, { end: false });
      resolve(url);
    });
    void exited.then((code) => reject(new Error(`exited early (${code}):\n${stdout}\n${stderr}`)));
  });
  listening.catch(() => {});
  return {
    child,
    listening,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The proxy for a test of the program as a whole: no console to serve, no drain before stopping. */
export function spawnProxy(env: Record<string, string>): ProxyProcess {
  return spawnProgram({
    env: {
      PORT: '0',
      // No drain before stopping unless a test asks for one (features/operations/drain.ts).
      DRAIN_SECONDS: '0',
      DIST_DIR: path.join(import.meta.dirname, 'no-such-dist'),
      ...env,
    },
  });
}

/** The console's header, and JSON, for requests to a spawned proxy. */
export const processHeaders = { 'x-requested-with': 'provider-console', 'content-type': 'application/json' };

/**
 * Signs in to a spawned proxy's QA environment with the fake upstream's canary credentials:
 * the answer's status, the session id and the Cookie header that carries it.
 */
export async function signInOnQa(url: string): Promise<{ status: number; session: string; cookie: string }> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: processHeaders,
    body: JSON.stringify({
      environment: 'qa',
      providerId: 100,
      clientId: canary.clientId,
      clientSecret: canary.secret,
    }),
  });
  const session = sessionFrom(response) ?? '';
  return { status: response.status, session, cookie: `${sessionCookieName}=${session}` };
}
