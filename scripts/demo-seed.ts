// `npm start -- --demo-centres N --demo-doctors M`: the demo environment's simulator serves a
// generated world (N centres × M doctors under the demo parent, D12's logins) instead of the demo
// seed, to try the console at scale. Parsed here, so that a bad value stops `npm start` with one
// clear line instead of a half-started proxy.
import { z } from 'zod';

export type DemoSeed = { centres: number; doctors: number };

const count = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

const schema = z.object({
  centres: count('--demo-centres', 20_000),
  // D6: a doctor list page holds up to 100; more doctors are read page by page.
  doctors: count('--demo-doctors', 500).default(20),
});

/** Undefined without `--demo-centres` (the D12 demo seed); a message for a bad value. */
export function parseDemoSeed(values: {
  'demo-centres'?: string | undefined;
  'demo-doctors'?: string | undefined;
}): { ok: true; seed: DemoSeed | undefined } | { ok: false; message: string } {
  const centres = values['demo-centres'];
  const doctors = values['demo-doctors'];
  if (centres === undefined) {
    return doctors === undefined
      ? { ok: true, seed: undefined }
      : { ok: false, message: '--demo-doctors needs --demo-centres' };
  }
  const parsed = schema.safeParse({ centres, doctors });
  return parsed.success
    ? { ok: true, seed: parsed.data }
    : { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
}
