// The pieces the seeds are built from: an empty world, providers, contracts, doctors, templates
// and licences. Deterministic: no Math.random, no wall clock (docs/decisions/0004).
import type { Rng } from './random.ts';
import { addMonth, DAY_MS, toIso, toSpaced } from './time.ts';
import type { Contract, LicenseType, Provider, SeatType, SimState, Template } from './types.ts';

export const DEFAULT_NOW = '2026-11-22T10:00:00Z';
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

export type SeedOption =
  'demo' | 'empty' | { centres: number; doctors: number; templates?: number; seed?: number };

export function emptyState(
  now = DEFAULT_NOW,
  tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS,
): SimState {
  return {
    version: 1,
    now,
    tokenLifetimeSeconds,
    rng: 20261122,
    nextIds: { provider: 1000, doctor: 1, license: 1, template: 1, fault: 1 },
    providers: {},
    tokens: {},
    appliedEvents: {},
    faults: [],
  };
}

/** A seed's own lists are never short; reading past them is a bug in the seed. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`seed reads past a list (${index})`);
  return item;
}

export type ProviderInit = Partial<Provider> & Pick<Provider, 'id' | 'name' | 'clientId' | 'secret'>;

export function put(state: SimState, init: ProviderInit): Provider {
  const p: Provider = {
    country: 'ES',
    city: 'Barcelona',
    parentId: null,
    selfBilling: false,
    billingMode: 'PROCESSOR',
    managedBy: null,
    suspended: false,
    contract: null,
    renewsAt: toIso(addMonth(Date.parse(state.now) - 10 * DAY_MS)),
    childIds: [],
    doctors: [],
    licenses: [],
    templates: [],
    ...init,
  };
  state.providers[String(p.id)] = p;
  if (p.parentId !== null) state.providers[String(p.parentId)]?.childIds.push(p.id);
  return p;
}

export const seats = (s: Partial<Record<SeatType, number>>, extra: Partial<Contract> = {}): Contract => ({
  status: 'ACTIVE',
  model: 'SEATS',
  seats: s,
  includedConsultations: null,
  scheduledSwitch: null,
  scheduledDowngrade: null,
  ...extra,
});

export const FIRST = [
  'Ana',
  'José',
  'María',
  'Jordi',
  'Laia',
  'Pau',
  'Lucía',
  'Carlos',
  'Núria',
  'Marc',
  'Elena',
  'Javier',
  'Marta',
  'Àlex',
  'Sofía',
  'David',
];
export const LAST = [
  'García',
  'Martínez',
  'López',
  'Puig',
  'Ferrer',
  'Sánchez',
  'Núñez',
  'Vidal',
  'Soler',
  'Romero',
  'Serra',
  'Castro',
  'Pérez',
  'Roca',
  'Gómez',
  'Font',
];
export const CITIES: readonly [string, string][] = [
  ['ES', 'Barcelona'],
  ['ES', 'Madrid'],
  ['ES', 'Valencia'],
  ['ES', 'Girona'],
  ['ES', 'Sevilla'],
  ['AD', 'Andorra la Vella'],
  ['PT', 'Lisboa'],
];

export function addDoctors(state: SimState, p: Provider, count: number, rng: Rng): void {
  for (let i = 0; i < count; i += 1) {
    const n = p.doctors.length + 1;
    p.doctors.push({
      serviceId: `svc-${state.nextIds.doctor++}`,
      doctorId: `${p.id}-doc-${String(n).padStart(3, '0')}`,
      name: rng.pick(FIRST),
      lastname: rng.pick(LAST),
      email: `doctor${n}@centre${p.id}.example`,
      doctorSpeciality: 1 + rng.int(40),
      lang: rng.pick(['ES', 'CA', 'EN']),
    });
  }
}

export function addTemplates(state: SimState, p: Provider, count: number, userId?: string): void {
  for (let i = 0; i < count; i += 1) {
    const id = state.nextIds.template++;
    const t: Template = {
      id,
      name: userId
        ? `Plantilla personal ${i + 1}`
        : `Informe ${['de alta', 'de consulta', 'de urgencias', 'radiológico'][i % 4]} ${i + 1}`,
      description: userId ? `Plantilla del usuario ${userId}` : 'Plantilla del centro',
      type: 1 + (i % 3),
      specialityId: i % 5 === 0 ? 0 : 1 + (i % 40),
      isValidated: i % 3 !== 0,
      ownerType: userId ? 'USER' : 'HEALTH_PROVIDER',
      ...(userId ? { userId } : {}),
    };
    p.templates.push(t);
  }
}

/** A licence placed by a seed, bypassing seat checks (seeds are written to fit their seats). */
export function addLicenseForSeed(
  state: SimState,
  provider: Provider,
  userId: string,
  type: LicenseType,
  usage: number,
  expiresAt = provider.renewsAt,
): void {
  const placedAt = toSpaced(Date.parse(state.now) - 3_600_000);
  provider.licenses.push({
    id: state.nextIds.license++,
    userId,
    type,
    currentUsage: usage,
    createdAt: placedAt,
    updatedAt: placedAt,
    lastUsedAt: placedAt,
    expiresAt,
  });
}
