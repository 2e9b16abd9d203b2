// Large generated worlds for speed goals (npm run bench): N centres × M doctors × K templates.
import { Rng } from './random.ts';
import {
  addDoctors,
  addLicenseForSeed,
  addTemplates,
  at,
  CITIES,
  DEFAULT_NOW,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  emptyState,
  put,
  seats,
} from './seed-parts.ts';
import type { SimState } from './types.ts';

/** N centres × M doctors × K templates under the demo parent 100 (and the processor 200, empty). */
export function generatedState(
  opts: { centres: number; doctors: number; templates?: number; seed?: number },
  now = DEFAULT_NOW,
  tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS,
): SimState {
  const state = emptyState(now, tokenLifetimeSeconds);
  const rng = new Rng(opts.seed ?? 1);
  const parent = put(state, {
    id: 100,
    name: 'Red Salud Demo',
    clientId: 'demo-parent',
    secret: 'demo-parent-secret',
    selfBilling: true,
  });
  put(state, {
    id: 200,
    name: 'Grupo Procesador Demo',
    clientId: 'demo-processor',
    secret: 'demo-processor-secret',
  });
  const templates = opts.templates ?? 0;
  for (let i = 0; i < opts.centres; i += 1) {
    const id = state.nextIds.provider++;
    const [country, city] = rng.pick(CITIES);
    const c = put(state, {
      id,
      name: `Centro ${id}`,
      country,
      city,
      parentId: 100,
      billingMode: 'PARTNER_SELF',
      managedBy: parent.name,
      clientId: `client-${id}-${rng.hex(8)}`,
      secret: rng.hex(32),
      contract: seats({ BASIC: opts.doctors }),
    });
    addDoctors(state, c, opts.doctors, rng);
    for (let d = 0; d < c.doctors.length; d += 1)
      if (d % 5 !== 4) addLicenseForSeed(state, c, at(c.doctors, d).doctorId, 'BASIC', rng.int(101));
    addTemplates(state, c, templates);
  }
  state.rng = rng.seed;
  return state;
}
