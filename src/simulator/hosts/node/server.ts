// The standalone simulator: an HTTP server over the simulator's fetch, for integrators' own tests.
//   node src/simulator/hosts/node/server.ts [--port 4010] [--host 127.0.0.1] [--seed demo|empty]
//                                           [--centres N --doctors M [--templates K]] [--now ISO]
//                                           [--templates-prefix /a/b] [--openapi FILE] [--quiet]
// Besides the service it serves its OpenAPI document at /openapi.json and a reference at /docs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createSimulator, type SimulatorOptions } from '../../index.ts';
import { methodNotAllowed } from '../../handlers/http.ts';
import { createDocsRoute, DEFAULT_DOCUMENT_PATH, loadDocument } from './docs.ts';

const count = z.coerce.number().int().min(0).max(1_000_000);
const argsSchema = z
  .object({
    port: z.coerce.number().int().min(0).max(65_535).default(4010),
    host: z.string().min(1).default('127.0.0.1'),
    seed: z.enum(['demo', 'empty']).default('demo'),
    centres: count.optional(),
    doctors: count.optional(),
    templates: count.optional(),
    now: z.iso.datetime().optional(),
    'templates-prefix': z.string().optional(),
    openapi: z.string().min(1).default(DEFAULT_DOCUMENT_PATH),
    quiet: z.boolean().default(false),
  })
  .refine(
    (a) => (a.centres === undefined) === (a.doctors === undefined),
    '--centres and --doctors go together',
  );

export type ServerArgs = z.infer<typeof argsSchema>;

export function parseServerArgs(argv: string[]): ServerArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      centres: { type: 'string' },
      doctors: { type: 'string' },
      templates: { type: 'string' },
      now: { type: 'string' },
      'templates-prefix': { type: 'string' },
      openapi: { type: 'string' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  return argsSchema.parse(values);
}

/** Secrets and tokens never reach the log: query values with such names are replaced. */
export function redactPath(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const key of Array.from(new Set(params.keys())))
    if (/secret|token|password|authorization/i.test(key)) params.set(key, '[redacted]');
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const method = req.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks);
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, ...(body ? { body } : {}) });
}

/** fetch's Request refuses TRACE, TRACK and CONNECT: those are answered 405 before one is built. */
const unrepresentable = /^(TRACE|TRACK|CONNECT)$/i;

export type RunningServer = { server: Server; url: string; close(): Promise<void> };

export async function startSimulatorServer(
  args: Partial<ServerArgs> = {},
  log: (line: string) => void = (line) => console.info(line),
): Promise<RunningServer> {
  const options: SimulatorOptions = {
    seed:
      args.centres !== undefined && args.doctors !== undefined
        ? {
            centres: args.centres,
            doctors: args.doctors,
            ...(args.templates === undefined ? {} : { templates: args.templates }),
          }
        : (args.seed ?? 'demo'),
    ...(args.now ? { now: args.now } : {}),
    ...(args['templates-prefix'] === undefined ? {} : { templatesPrefix: args['templates-prefix'] }),
  };
  const sim = createSimulator(options);
  const docs = createDocsRoute(loadDocument(args.openapi ?? DEFAULT_DOCUMENT_PATH), args['templates-prefix']);
  const host = args.host ?? '127.0.0.1';
  const answer = async (req: IncomingMessage, origin: string): Promise<Response> => {
    if (unrepresentable.test(req.method ?? '')) {
      const { pathname } = new URL(req.url ?? '/', origin);
      return methodNotAllowed(req.method ?? 'TRACE', pathname, sim.methodsAt(pathname));
    }
    const request = await toRequest(req, origin);
    return docs(request) ?? (await sim.fetch(request));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const origin = `http://${req.headers.host ?? host}`;
    void (async () => {
      let status = 500;
      let path = req.url ?? '/';
      try {
        const response = await answer(req, origin);
        path = redactPath(new URL(req.url ?? '/', origin));
        status = response.status;
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: false, code: 500, message: 'Simulator error' }));
      }
      if (!args.quiet)
        log(`${req.method ?? 'GET'} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(args.port ?? 4010, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (args.port ?? 4010);
  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let args: ServerArgs;
  let running: RunningServer;
  try {
    args = parseServerArgs(process.argv.slice(2));
    running = await startSimulatorServer(args);
  } catch (error) {
    console.error(`simulator: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  console.info(
    `simulator listening on ${running.url} (seed: ${args.centres === undefined ? args.seed : `${args.centres}×${args.doctors}`}; reference at ${running.url}/docs)`,
  );
  const stop = (signal: string) => {
    console.info(`simulator: ${signal}, stopping`);
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
