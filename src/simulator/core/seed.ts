// D12 demo seed, and the choice between the seeds. Deterministic: the same seed gives a
// byte-identical state.
import { generatedState } from './seed-generated.ts';
import {
  addDoctors,
  addLicenseForSeed,
  addTemplates,
  at,
  DEFAULT_NOW,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  emptyState,
  put,
  seats,
  CITIES,
  type SeedOption,
} from './seed-parts.ts';
import { Rng } from './random.ts';
import { DAY_MS, toIso, toSpaced } from './time.ts';
import type { Contract, Provider, SimState } from './types.ts';

export { DEFAULT_NOW, emptyState, type SeedOption } from './seed-parts.ts';
export { generatedState } from './seed-generated.ts';

/** D12: the two fixed logins and, between them, every state a screen can draw. */
export function demoState(
  now = DEFAULT_NOW,
  tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS,
): SimState {
  const state = emptyState(now, tokenLifetimeSeconds);
  const rng = new Rng(12);
  const nowMs = Date.parse(now);
  seedParentFamily(state, rng, nowMs);
  seedProcessorFamily(state, rng);

  // D12 "paging" for doctors: one centre with 60+ doctors. Added last, from a random stream of its
  // own, so that every other provider of the seed stays exactly as it was.
  const paging = state.providers[String(PAGING_CENTRE_ID)];
  if (!paging) throw new RangeError('the seed has no paging centre');
  addDoctors(state, paging, 62, new Rng(60));

  state.rng = rng.seed;
  return state;
}

/**
 * The parent login's provider and its centres: one for each state of a contract (seats, pay-per-use
 * with and without a switch, cancelled, TRIAL, none yet), then enough centres for paging.
 */
function seedParentFamily(state: SimState, rng: Rng, nowMs: number): void {
  const parent = put(state, {
    id: 100,
    name: 'Red Salud Demo',
    clientId: 'demo-parent',
    secret: 'demo-parent-secret',
    selfBilling: true,
    contract: seats({ ELITE: 3 }),
  });
  addDoctors(state, parent, 3, rng);
  const child = (id: number, name: string, city: [string, string], contract: Contract | null): Provider =>
    put(state, {
      id,
      name,
      country: city[0],
      city: city[1],
      parentId: 100,
      billingMode: 'PARTNER_SELF',
      managedBy: parent.name,
      clientId: `demo-child-${id}`,
      secret: `demo-child-${id}-secret`,
      contract,
    });

  // Seats, ACTIVE: a BASIC doctor at 100/100, doctors with no licence, 60+ templates (paging).
  const diagonal = child(101, 'Clínica Diagonal', ['ES', 'Barcelona'], seats({ BASIC: 10, ELITE: 3 }));
  addDoctors(state, diagonal, 24, rng);
  diagonal.doctors[0] = { ...at(diagonal.doctors, 0), name: 'José', lastname: 'Núñez' };
  diagonal.doctors.forEach((d, i) => {
    if (i < 8) addLicenseForSeed(state, diagonal, d.doctorId, 'BASIC', i === 0 ? 100 : 10 * i);
    else if (i < 11) addLicenseForSeed(state, diagonal, d.doctorId, 'ELITE', 40 + i);
  });
  addTemplates(state, diagonal, 45);
  addTemplates(state, diagonal, 20, at(diagonal.doctors, 1).doctorId);

  // Pay-per-use with a scheduled switch at the next renewal.
  const usage = child(102, 'Centro Médico Gràcia', ['ES', 'Barcelona'], {
    status: 'ACTIVE',
    model: 'USAGE',
    seats: {},
    includedConsultations: 300,
    scheduledDowngrade: null,
    scheduledSwitch: null,
  });
  (usage.contract as Contract).scheduledSwitch = {
    quantity: { '8': 4, '9': 1 },
    effectiveDate: toSpaced(Date.parse(usage.renewsAt)),
  };
  addDoctors(state, usage, 6, rng);
  usage.doctors
    .slice(0, 4)
    .forEach((d, i) => addLicenseForSeed(state, usage, d.doctorId, 'USAGE', 12 * (i + 1)));

  // Cancelled (INACTIVE): summary kept, every licence disabled.
  const cancelled = child(
    103,
    'Policlínica Sants',
    ['ES', 'Barcelona'],
    seats({ BASIC: 4 }, { status: 'INACTIVE' }),
  );
  addDoctors(state, cancelled, 4, rng);
  cancelled.doctors.slice(0, 3).forEach((d) => addLicenseForSeed(state, cancelled, d.doctorId, 'BASIC', 20));

  // TRIAL: one licence expiring in 5 days, one already expired.
  const trial = child(104, 'Consulta Sarrià', ['ES', 'Barcelona'], seats({ TRIAL: 5 }));
  addDoctors(state, trial, 3, rng);
  addLicenseForSeed(state, trial, at(trial.doctors, 0).doctorId, 'TRIAL', 7, toIso(nowMs + 5 * DAY_MS));
  addLicenseForSeed(state, trial, at(trial.doctors, 1).doctorId, 'TRIAL', 30, toIso(nowMs - 2 * DAY_MS));

  // A new centre with no contract yet (D5).
  child(105, 'Centre Nou Badalona', ['ES', 'Badalona'], null);

  // Pay-per-use with no pending switch.
  const usage2 = child(106, 'Clínica Mar', ['ES', 'Tarragona'], {
    status: 'ACTIVE',
    model: 'USAGE',
    seats: {},
    includedConsultations: 150,
    scheduledDowngrade: null,
    scheduledSwitch: null,
  });
  addDoctors(state, usage2, 2, rng);

  // Enough children for paging (30+).
  for (let id = 107; id <= 134; id += 1) {
    const c = child(
      id,
      `Centro Demo ${id - 100}`,
      at(CITIES, id % CITIES.length),
      seats({ BASIC: 2 + (id % 4) }),
    );
    addDoctors(state, c, 1 + (id % 3), rng);
    addLicenseForSeed(state, c, at(c.doctors, 0).doctorId, 'BASIC', id % 50);
  }
}

/** The processor's provider and its centres: a scheduled downgrade, a suspension, no licences. */
function seedProcessorFamily(state: SimState, rng: Rng): void {
  const processor = put(state, {
    id: 200,
    name: 'Grupo Procesador Demo',
    city: 'Madrid',
    clientId: 'demo-processor',
    secret: 'demo-processor-secret',
    contract: seats({ BASIC: 5 }),
  });
  addDoctors(state, processor, 2, rng);
  const pchild = (id: number, name: string, contract: Contract | null): Provider =>
    put(state, {
      id,
      name,
      city: 'Madrid',
      parentId: 200,
      clientId: `demo-child-${id}`,
      secret: `demo-child-${id}-secret`,
      contract,
    });

  // A processor centre with a scheduled downgrade.
  const down = pchild(201, 'Hospital Castellana', seats({ BASIC: 10, ELITE: 5 }));
  (down.contract as Contract).scheduledDowngrade = {
    quantity: { '8': 6, '9': 3 },
    effectiveDate: down.renewsAt,
  };
  addDoctors(state, down, 8, rng);
  down.doctors
    .slice(0, 6)
    .forEach((d, i) => addLicenseForSeed(state, down, d.doctorId, i < 4 ? 'BASIC' : 'ELITE', 5 * i));
  addTemplates(state, down, 12);

  // A suspended one (payment_failed): every licence disabled.
  const suspended = pchild(202, 'Clínica Retiro', seats({ BASIC: 3 }));
  suspended.suspended = true;
  addDoctors(state, suspended, 3, rng);
  suspended.doctors.slice(0, 2).forEach((d) => addLicenseForSeed(state, suspended, d.doctorId, 'BASIC', 15));

  // A processor centre with no licences.
  const bare = pchild(203, 'Consultorio Chamberí', null);
  addDoctors(state, bare, 2, rng);
}

/** The demo centre whose doctor list pages (65 doctors, 4.6 pages at most 100). */
export const PAGING_CENTRE_ID = 107;

export function seededState(seed: SeedOption, now?: string, tokenLifetimeSeconds?: number): SimState {
  if (seed === 'demo') return demoState(now, tokenLifetimeSeconds);
  if (seed === 'empty') return emptyState(now, tokenLifetimeSeconds);
  return generatedState(seed, now, tokenLifetimeSeconds);
}
