// The proxy's limits (docs/decisions/0020), read with the rest of the configuration (config.ts):
// connections, requests in flight, answer sizes, the upstream pool, and what one visitor may do
// to a public demo. Every one has a default that suits one instance on a machine's usual file limit.
import { z } from 'zod';

/** A positive whole number up to `max`, `fallback` when unset (also read by config-watch.ts). */
export const whole = (fallback: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,6}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback);

export const limitsShape = {
  MAX_CONNECTIONS: whole(512, 1_000_000),
  MAX_REQUESTS_PER_SESSION: whole(32, 10_000),
  MAX_UPSTREAM_ANSWER_MB: whole(16, 1_024),
  UPSTREAM_CONNECTIONS: whole(64, 10_000),
  DEMO_CONTROL_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{24,200}$/, 'must be 24 to 200 letters, digits, "-" or "_"')
    .optional(),
  DEMO_MAX_SESSIONS: whole(500, 1_000_000),
  DEMO_SESSIONS_PER_ADDRESS: whole(10, 10_000),
  DEMO_SIGNINS_PER_MINUTE: whole(10, 100_000),
  DEMO_RESET_HOURS: whole(24, 24 * 365),
  /**
   * Signed-in screens rendered with their data into the HTML (docs/decisions/0028), on unless
   * `false`: lists are held until hydration and the journeys pass with it on from a clean clone,
   * so `false` is kept only to serve the frame while a rendering fault is looked into.
   */
  SCREEN_RENDER: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value !== 'false'),
};

type Parsed = z.output<z.ZodObject<typeof limitsShape>>;

export interface DemoConfig {
  /** `/__sim` needs it (D11); undefined: `npm start` makes one and prints it. */
  controlToken: string | undefined;
  /** Live demo sessions in this instance. */
  maxSessions: number;
  /** Live demo sessions per client address (its oldest ends past it). */
  sessionsPerAddress: number;
  /** Demo sign-ins per client address and minute. */
  signInsPerMinute: number;
  /** The embedded world goes back to its seed this often. */
  resetMs: number;
}

export interface LimitsConfig {
  maxConnections: number;
  maxRequestsPerSession: number;
  maxAnswerBytes: number;
  /** Connections to each upstream origin at once. */
  upstreamConnections: number;
  demo: DemoConfig;
  /** Whether signed-in screens are rendered with their data (SCREEN_RENDER). */
  screenRender: boolean;
}

export function limitsOf(v: Parsed): LimitsConfig {
  return {
    maxConnections: v.MAX_CONNECTIONS,
    maxRequestsPerSession: v.MAX_REQUESTS_PER_SESSION,
    maxAnswerBytes: v.MAX_UPSTREAM_ANSWER_MB * 1024 * 1024,
    upstreamConnections: v.UPSTREAM_CONNECTIONS,
    screenRender: v.SCREEN_RENDER,
    demo: {
      controlToken: v.DEMO_CONTROL_TOKEN,
      maxSessions: v.DEMO_MAX_SESSIONS,
      sessionsPerAddress: v.DEMO_SESSIONS_PER_ADDRESS,
      signInsPerMinute: v.DEMO_SIGNINS_PER_MINUTE,
      resetMs: v.DEMO_RESET_HOURS * 3_600_000,
    },
  };
}
