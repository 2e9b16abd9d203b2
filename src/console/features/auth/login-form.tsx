import { Button, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { useDemoSignIn, useSignIn } from '@/console/api/session';
import { FormErrorAlert } from '@/console/components/feedback';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import {
  loginRequestSchema,
  type DemoLoginName,
  type Environment,
  type Session,
} from '@/contract/console-wire';
import { prerenderedValues } from '@/console/lib/prerendered';
import { readRememberedLogin, rememberLogin } from './remembered-login.ts';

// D12: the two fixed demo logins, offered as one-click buttons when a demo environment exists.
// They name the login only (`POST /auth/demo-login`): the proxy holds the secrets, so that no built
// console carries one (`npm run test:budget` greps dist/ for them).
export const DEMO_LOGINS = [
  { label: 'login.demo.parent', as: 'parent' },
  { label: 'login.demo.processor', as: 'processor' },
] as const satisfies readonly { label: MessageKey; as: DemoLoginName }[];

/**
 * The form as typed (the provider id is text in an input) piped into the wire's own schema: what
 * the form submits is exactly what the proxy accepts (the console wire, `loginRequestSchema`).
 *
 * The one form without react-hook-form: on the login screen's first load it would cost 14.5 kB
 * gzip and take the login entry from 154 to 168 kB, over its 160 kB budget (measured, decision
 * 0007). The schema, the field messages and the mutation are the same as every other form's.
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
type LoginFormInput = z.input<typeof loginFormSchema>;

const RULES = {
  environment: 'login.validation.environment',
  providerId: 'login.validation.providerId',
  clientId: 'login.validation.required',
  clientSecret: 'login.validation.required',
} as const satisfies Record<keyof LoginFormInput, MessageKey>;

export interface LoginFormProps {
  environments: Environment[];
  onSuccess: (session: Session) => void;
  /**
   * Signing in again after the session ended: the same environment, provider and client, shown
   * and not editable (signing in as someone else means logging out first); only the secret is asked.
   */
  identity?: Session | undefined;
}

export function LoginForm({ environments, onSuccess, identity }: LoginFormProps) {
  const { t } = useI18n();
  const signIn = useSignIn();
  const demoSignIn = useDemoSignIn();
  const pending = signIn.isPending || demoSignIn.isPending;
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
  const [invalid, setInvalid] = useState<ReadonlySet<keyof LoginFormInput>>(new Set());
  // A remembered environment that is no longer offered falls back to the first one.
  const environment = environments.some((candidate) => candidate.id === values.environment)
    ? values.environment
    : (environments[0]?.id ?? '');
  const current = { ...values, environment };
  const field = (name: keyof LoginFormInput) => ({
    name,
    value: current[name],
    error: invalid.has(name) ? t(RULES[name]) : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      setInvalid((previous) => new Set([...previous].filter((other) => other !== name)));
    },
  });

  const send = (input: LoginFormInput) => {
    const parsed = loginFormSchema.safeParse(input);
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => issue.path[0] as keyof LoginFormInput)));
      return;
    }
    // One request at a time: a double click signs in once.
    if (pending) return;
    const request = parsed.data;
    signIn.mutate(request, {
      onSuccess: (session) => {
        rememberLogin({
          environment: request.environment,
          providerId: String(request.providerId),
          clientId: request.clientId,
        });
        onSuccess(session);
      },
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(current);
  };

  const demo = identity ? undefined : environments.find((candidate) => candidate.kind === 'demo');
  const named = (id: string) => {
    const found = environments.find((candidate) => candidate.id === id);
    return found ? t(`environment.${found.kind}`) : id;
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {identity ? (
          <Text size="sm">
            {t('relogin.identity', {
              environment: named(identity.environment),
              providerId: String(identity.providerId),
              clientId: identity.clientId,
            })}
          </Text>
        ) : (
          <>
            <NativeSelect
              label={t('login.environment')}
              data={environments.map((candidate) => ({
                value: candidate.id,
                label: t(`environment.${candidate.kind}`),
              }))}
              {...field('environment')}
            />
            <TextInput
              label={t('login.providerId')}
              inputMode="numeric"
              autoComplete="username"
              required
              {...field('providerId')}
            />
            <TextInput
              label={t('login.clientId')}
              autoComplete="off"
              spellCheck={false}
              required
              {...field('clientId')}
            />
          </>
        )}
        <PasswordInput
          label={t('login.clientSecret')}
          autoComplete="current-password"
          required
          data-autofocus={identity ? true : undefined}
          visibilityToggleButtonProps={{ 'aria-label': t('login.showSecret') }}
          {...field('clientSecret')}
        />
        <FormErrorAlert error={signIn.error ?? demoSignIn.error} />
        <Button type="submit" loading={signIn.isPending} disabled={pending}>
          {t('login.submit')}
        </Button>
        {demo ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('login.demo.title')}
            </Text>
            {DEMO_LOGINS.map((account) => (
              <Button
                key={account.as}
                variant="default"
                fullWidth
                loading={demoSignIn.isPending && demoSignIn.variables.as === account.as}
                disabled={pending}
                onClick={() => {
                  if (pending) return;
                  setInvalid(new Set());
                  signIn.reset();
                  demoSignIn.mutate(
                    { as: account.as },
                    {
                      onSuccess: (session) => {
                        rememberLogin({
                          environment: session.environment,
                          providerId: String(session.providerId),
                          clientId: session.clientId,
                        });
                        onSuccess(session);
                      },
                    },
                  );
                }}
              >
                {t(account.label)}
              </Button>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}
