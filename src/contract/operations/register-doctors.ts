import { z } from 'zod';
import { DOCTOR_LANGS, doctorRegistrationResponseSchema } from '../schemas.ts';
import { send, type CallInit, type UpstreamClient } from '../transport.ts';

const name = z.string().trim().min(1).max(100);

// 2.2 as decided in D4: the same schema types the console's form rows and the request.
export const doctorRegistrationSchema = z.object({
  name,
  lastname: name,
  email: z.email().optional(),
  doctorId: name,
  healthProviderId: z.number().int().positive(),
  doctorSpeciality: z.number().int().positive(),
  lang: z.enum(DOCTOR_LANGS),
  doctorDictionary: z.string().trim().optional(),
});
export type DoctorRegistration = z.infer<typeof doctorRegistrationSchema>;

export const registerDoctorsRequestSchema = z.object({ doctors: z.array(doctorRegistrationSchema).min(1) });
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
