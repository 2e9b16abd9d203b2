import { z } from 'zod/mini';
import { DOCTOR_LANGS, doctorRegistrationResponseSchema } from '../schemas.ts';
import { send, type CallInit, type UpstreamClient } from '../transport.ts';

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

// 2.2 as decided in D4: the same schema types the console's form rows and the request.
export const doctorRegistrationSchema = z.object({
  name,
  lastname: name,
  email: z.optional(z.email()),
  doctorId: name,
  healthProviderId: z.int().check(z.positive()),
  doctorSpeciality: z.int().check(z.positive()),
  lang: z.enum(DOCTOR_LANGS),
  doctorDictionary: z.optional(z.string().check(z.trim())),
});
export type DoctorRegistration = z.infer<typeof doctorRegistrationSchema>;

export const registerDoctorsRequestSchema = z.object({
  doctors: z.array(doctorRegistrationSchema).check(z.minLength(1)),
});
export type RegisterDoctorsRequest = z.infer<typeof registerDoctorsRequestSchema>;

// 4.2. D4: the console sends one doctor per request so that each row gets its own result.
export function registerDoctors(client: UpstreamClient, input: RegisterDoctorsRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: '/iam/v1/register/healthProviderDoctor', body: { json: input } },
    doctorRegistrationResponseSchema,
    init,
  );
}
