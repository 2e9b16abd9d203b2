import { z } from 'zod/mini';
import { tokenResponseSchema } from '../schemas.ts';
import { send, type CallInit, type UpstreamClient } from '../transport.ts';

// 4.1: client credentials, form-encoded (RFC 6749 §4.4). The path carries no version (§9).
export const TOKEN_PATH = '/api/iam/integration/token';

export const tokenRequestSchema = z.object({
  clientId: z.string().check(z.trim(), z.minLength(1)),
  clientSecret: z.string().check(z.minLength(1)),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export function requestToken(client: UpstreamClient, input: TokenRequest, init?: CallInit) {
  return send(
    client,
    {
      method: 'POST',
      path: TOKEN_PATH,
      body: {
        form: {
          grant_type: 'client_credentials',
          client_id: input.clientId,
          client_secret: input.clientSecret,
        },
      },
    },
    tokenResponseSchema,
    init,
  );
}
