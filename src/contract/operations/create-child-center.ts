import { z } from 'zod/mini';
import { childCreationSchema, envelopePayload } from '../schemas.ts';
import { send, type CallInit, type UpstreamClient } from '../transport.ts';

/** D5: at most 200 characters a field (the console says so with the length typed). */
export const CENTRE_FIELD_MAX = 200;
const field = z.string().check(z.trim(), z.minLength(1), z.maxLength(CENTRE_FIELD_MAX));

// 2.3 as decided in D5: name, country, city required, non-blank, at most 200 characters.
export const createChildCenterRequestSchema = z.object({ name: field, country: field, city: field });
export type CreateChildCenterRequest = z.infer<typeof createChildCenterRequestSchema>;

// 4.3
export function createChildCenter(client: UpstreamClient, input: CreateChildCenterRequest, init?: CallInit) {
  return send(
    client,
    { method: 'POST', path: '/iam/v1/register/childProvider', body: { json: input } },
    envelopePayload(childCreationSchema),
    init,
  );
}
