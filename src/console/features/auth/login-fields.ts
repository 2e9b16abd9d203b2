import { useState, type ChangeEvent } from 'react';
import { z } from 'zod/mini';
import type { MessageKey } from '@/console/lib/i18n';
import { prerenderedValues } from '@/console/lib/prerendered';
import { loginRequestSchema, type Environment, type LoginRequest, type Session } from '@/proxy-api/console';
import { readRememberedLogin } from './remembered-login.ts';

/**
 * The form as typed (the provider id is text in an input) piped into the wire's own schema: what
 * the form submits is exactly what the proxy accepts (the console wire, `loginRequestSchema`).
 */
const loginFormSchema = z.pipe(
  z.object({
    environment: z.string(),
    providerId: z.pipe(
      z.string().check(z.trim()),
      z.transform((text: string) => (/^[1-9]\d{0,15}$/.test(text) ? Number(text) : Number.NaN)),
    ),
    clientId: z.string().check(z.trim()),
    clientSecret: z.string(),
  }),
  loginRequestSchema,
);
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginField = keyof LoginFormInput;

/** The words under a field that breaks its rule (schemas carry no words, lib/form-kit.ts). */
export const RULES = {
  environment: 'login.validation.environment',
  providerId: 'login.validation.providerId',
  clientId: 'login.validation.required',
  clientSecret: 'login.validation.required',
} as const satisfies Record<LoginField, MessageKey>;

/**
 * The login form's values and the fields that break their rule, in React state: the one form of the
 * console without react-hook-form, which with the one <Form> cost the login entry 172.4 kB gzip
 * against its 160 kB budget (docs/decisions/0021). The schema, the field words and the mutation are
 * every other form's. `check` answers the request when the values are valid, else marks the fields.
 */
export function useLoginFields(environments: Environment[], identity: Session | undefined) {
  const [values, setValues] = useState<LoginFormInput>(() => {
    const start = identity
      ? {
          environment: identity.environment,
          providerId: String(identity.providerId),
          clientId: identity.clientId,
        }
      : readRememberedLogin();
    // Typed into the prerendered page before the console took over (docs/decisions/0017).
    return { ...start, clientSecret: '', ...(identity ? {} : prerenderedValues()) };
  });
  const [invalid, setInvalid] = useState<ReadonlySet<LoginField>>(new Set());
  // A remembered environment that is no longer offered falls back to the first one.
  const environment = environments.some((candidate) => candidate.id === values.environment)
    ? values.environment
    : (environments[0]?.id ?? '');
  const current = { ...values, environment };
  const field = (name: LoginField) => ({
    name,
    value: current[name],
    invalid: invalid.has(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      setInvalid((previous) => new Set([...previous].filter((other) => other !== name)));
    },
  });
  const check = (): LoginRequest | undefined => {
    const parsed = loginFormSchema.safeParse(current);
    if (parsed.success) return parsed.data;
    setInvalid(new Set(parsed.error.issues.map((issue) => issue.path[0] as LoginField)));
    return undefined;
  };
  return { field, check, clear: () => setInvalid(new Set()) };
}
