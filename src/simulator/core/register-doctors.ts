// 4.2 with D4: validation per 2.2, idempotent by external doctorId, one or several doctors.
import { z } from 'zod';
import { actOn, type Caller } from './access.ts';
import { nonBlank, parseBody } from './parse.ts';
import { ok, type Doctor, type Provider, type SimState } from './types.ts';

const LANGS = ['ES', 'EN', 'CA', 'FR', 'DE', 'IT', 'PT'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_DOCTORS_PER_REQUEST = 100;

const doctorSchema = z.object({
  name: nonBlank(100),
  lastname: nonBlank(100),
  email: z.string().regex(EMAIL, 'must be a valid e-mail address').max(254).optional(),
  doctorId: nonBlank(100),
  healthProviderId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  doctorSpeciality: z.number().int().positive().max(2_147_483_647),
  lang: z.enum(LANGS, { error: `must be one of ${LANGS.join(' ')}` }),
  doctorDictionary: z.string().max(2000).optional(),
});
const registerSchema = z.object({
  doctors: z.array(doctorSchema).min(1, 'must hold at least one doctor').max(MAX_DOCTORS_PER_REQUEST),
});

export function registerDoctors(state: SimState, caller: Caller, body: unknown) {
  const parsed = parseBody(registerSchema, body);
  if (!parsed.ok) return parsed;
  const { doctors } = parsed.value;
  const targets: Provider[] = [];
  for (const d of doctors) {
    const target = actOn(state, caller, d.healthProviderId);
    if (!target.ok) return target;
    targets.push(target.value);
  }
  const ids: string[] = [];
  doctors.forEach((d, i) => {
    const provider = targets[i] as Provider;
    const existing = provider.doctors.find((x) => x.doctorId === d.doctorId);
    // D4: re-registering the same external doctorId is idempotent: same service id, fields updated.
    const doctor: Doctor = {
      serviceId: existing?.serviceId ?? `svc-${state.nextIds.doctor++}`,
      doctorId: d.doctorId,
      name: d.name,
      lastname: d.lastname,
      doctorSpeciality: d.doctorSpeciality,
      lang: d.lang,
      ...(d.email === undefined ? {} : { email: d.email }),
      ...(d.doctorDictionary === undefined ? {} : { doctorDictionary: d.doctorDictionary }),
    };
    if (existing) provider.doctors[provider.doctors.indexOf(existing)] = doctor;
    else provider.doctors.push(doctor);
    ids.push(doctor.serviceId);
  });
  const first = ids[0] as string;
  return ok(
    ids.length === 1
      ? { success: true, message: 'Doctor registered', doctorId: first }
      : { success: true, message: `${ids.length} doctors registered`, doctorId: first, doctorIds: ids },
  );
}
