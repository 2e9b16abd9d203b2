// The conformance run's command line, parsed: the secret comes from the environment variable it
// names, never from the command line (shell history, process lists), and a secret is only ever
// sent over https, or over plain http to this machine.
import { parseArgs } from 'node:util';
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

const argsSchema = z.object({
  'base-url': z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).refine((u) => {
    const url = new URL(u);
    return url.protocol === 'https:' || loopback.has(url.hostname);
  }, 'must use https (plain http only on loopback: the client secret travels in the token request)'),
  'client-id': z.string().min(1),
  'client-secret-env': z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must name an environment variable'),
  'provider-id': id,
  'centre-id': id.optional(),
  'user-id': z.string().min(1).max(100).optional(),
  'allow-writes': id.optional(),
  'templates-prefix': z.string().optional(),
  report: z.string().min(1).default('conformance-report'),
  'timeout-ms': z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type ConformanceOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The provider the credentials belong to: the child list is read for it (D3). */
  providerId: number;
  /** The centre whose doctors, licences and templates are read (default: the provider). */
  centreId: number;
  /** The user for 4.7 by user and 4.9 rules 2 and 3 (default: found in the doctor list). */
  userId: string | undefined;
  /** The only centre a mutating call may touch; none without it. */
  allowWrites: number | undefined;
  templatesPrefix: string;
  /** Report files: `<report>.md` and `<report>.json`. */
  report: string;
  timeoutMs: number;
};

export const USAGE = `usage: npm run conformance -- --base-url <url> --client-id <id> --client-secret-env <VAR> --provider-id <n>
  [--centre-id <n>] [--user-id <id>] [--templates-prefix </path>] [--allow-writes <centreId>]
  [--report <file base, default conformance-report>] [--timeout-ms <ms>]`;

/** Options from argv and env; throws an Error whose message says what is wrong. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): ConformanceOptions {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(
      Object.keys(argsSchema.shape).map((name) => [name, { type: 'string' as const }]),
    ),
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success)
    throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
  const a = parsed.data;
  const secret = env[a['client-secret-env']];
  if (!secret)
    throw new Error(`the environment variable ${a['client-secret-env']} (--client-secret-env) is not set`);
  return {
    baseUrl: a['base-url'],
    clientId: a['client-id'],
    clientSecret: secret,
    providerId: a['provider-id'],
    centreId: a['centre-id'] ?? a['provider-id'],
    userId: a['user-id'],
    allowWrites: a['allow-writes'],
    templatesPrefix: a['templates-prefix'] ?? '',
    report: a.report,
    timeoutMs: a['timeout-ms'],
  };
}
