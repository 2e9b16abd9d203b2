import { z } from 'zod/mini';

// What the browser remembers between visits, to fill the login form: never the secret.
const KEY = 'provider-console.login';

const rememberedSchema = z.object({
  environment: z.string().check(z.maxLength(40)),
  providerId: z.string().check(z.maxLength(16)),
  clientId: z.string().check(z.maxLength(200)),
});
export type RememberedLogin = z.infer<typeof rememberedSchema>;

const nothing: RememberedLogin = { environment: '', providerId: '', clientId: '' };

/** Storage is user-controlled input: whatever is there is parsed, and anything odd reads as empty. */
export function readRememberedLogin(): RememberedLogin {
  try {
    const parsed = rememberedSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : nothing;
  } catch {
    return nothing;
  }
}

export function rememberLogin(value: RememberedLogin): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage unavailable (private mode, full): the form simply starts empty next time.
  }
}
