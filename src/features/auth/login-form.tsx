import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiError } from '@/contract/api-error';
import { isMessageKey, useI18n, type MessageKey } from '@/lib/i18n';
import { environmentsQueryOptions, login, type LoginRequest, type Session } from './api.ts';

// D12: the two fixed demo logins, offered as one-click buttons when a demo environment exists.
export const DEMO_LOGINS = [
  {
    label: 'login.demo.parent',
    providerId: 100,
    clientId: 'demo-parent',
    clientSecret: 'demo-parent-secret',
  },
  {
    label: 'login.demo.processor',
    providerId: 200,
    clientId: 'demo-processor',
    clientSecret: 'demo-processor-secret',
  },
] as const satisfies readonly {
  label: MessageKey;
  providerId: number;
  clientId: string;
  clientSecret: string;
}[];

// What the browser remembers between visits: never the secret.
const REMEMBERED_KEY = 'provider-console.login';
type Remembered = { environment: string; providerId: string; clientId: string };

function readRemembered(): Remembered {
  const empty = { environment: '', providerId: '', clientId: '' };
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return empty;
    const text = (key: keyof Remembered) => {
      const value = (stored as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : '';
    };
    return { environment: text('environment'), providerId: text('providerId'), clientId: text('clientId') };
  } catch {
    return empty;
  }
}

function remember(value: Remembered) {
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify(value));
  } catch {
    // Storage unavailable: the form simply starts empty next time.
  }
}

type LoginFormValues = { environment: string; providerId: string; clientId: string; clientSecret: string };

// The form's rules (react-hook-form's own, not zod: see api.ts on the login screen's budget).
// Messages are catalogue keys, translated when shown.
const rules = {
  environment: { validate: (value: string) => value !== '' || 'login.validation.environment' },
  providerId: {
    validate: (value: string) => /^\s*[1-9]\d{0,15}\s*$/.test(value) || 'login.validation.providerId',
  },
  clientId: { validate: (value: string) => value.trim() !== '' || 'login.validation.required' },
  clientSecret: { validate: (value: string) => value !== '' || 'login.validation.required' },
} as const;

function toRequest(values: LoginFormValues): LoginRequest {
  return {
    environment: values.environment,
    providerId: Number(values.providerId.trim()),
    clientId: values.clientId.trim(),
    clientSecret: values.clientSecret,
  };
}

export interface LoginFormProps {
  onSuccess: (session: Session) => void;
  /** The re-login dialog starts from the expired session's values. */
  initial?: Partial<Omit<LoginFormValues, 'clientSecret'>>;
}

export function LoginForm({ onSuccess, initial }: LoginFormProps) {
  const { t } = useI18n();
  const environments = useQuery(environmentsQueryOptions());
  const [remembered] = useState(readRemembered);
  const form = useForm<LoginFormValues>({
    defaultValues: {
      environment: initial?.environment ?? remembered.environment,
      providerId: initial?.providerId ?? remembered.providerId,
      clientId: initial?.clientId ?? remembered.clientId,
      clientSecret: '',
    },
  });

  // Once the environments are known, a remembered one that no longer exists falls back to the first.
  const list = environments.data;
  useEffect(() => {
    if (!list || list.length === 0) return;
    const current = form.getValues('environment');
    const first = list[0];
    if (first && !list.some((environment) => environment.id === current))
      form.setValue('environment', first.id);
  }, [list, form]);

  const mutation = useMutation({
    mutationFn: async (request: LoginRequest) => {
      const result = await login(request);
      if (!result.ok) throw result.error;
      return result.value;
    },
    onSuccess: (session, request) => {
      remember({
        environment: request.environment,
        providerId: String(request.providerId),
        clientId: request.clientId,
      });
      onSuccess(session);
    },
    // A failed sign-in is shown in the form, not by the global 401 handler.
    meta: { handlesAuthErrors: true },
  });

  const demo = list?.find((environment) => environment.kind === 'demo');
  const fieldError = (message: string | undefined) =>
    message === undefined ? undefined : isMessageKey(message) ? t(message) : message;
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        if (!mutation.isPending) mutation.mutate(toRequest(values));
      })}
    >
      <Stack gap="md">
        {environments.isError ? (
          <Alert color="red" role="alert" title={t('login.environments.error')}>
            <Button variant="light" color="red" onClick={() => environments.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : null}
        <NativeSelect
          label={t('login.environment')}
          disabled={!list}
          data={
            list
              ? list.map((environment) => ({ value: environment.id, label: environment.label }))
              : [{ value: '', label: t('login.environments.loading') }]
          }
          error={fieldError(errors.environment?.message)}
          {...form.register('environment', rules.environment)}
        />
        <TextInput
          label={t('login.providerId')}
          inputMode="numeric"
          autoComplete="username"
          required
          error={fieldError(errors.providerId?.message)}
          {...form.register('providerId', rules.providerId)}
        />
        <TextInput
          label={t('login.clientId')}
          autoComplete="off"
          spellCheck={false}
          required
          error={fieldError(errors.clientId?.message)}
          {...form.register('clientId', rules.clientId)}
        />
        <PasswordInput
          label={t('login.clientSecret')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': `${t('common.show')} / ${t('common.hide')}` }}
          error={fieldError(errors.clientSecret?.message)}
          {...form.register('clientSecret', rules.clientSecret)}
        />
        {mutation.isError ? (
          <LoginError error={mutation.error as ApiError} key={mutation.submittedAt} />
        ) : null}
        <Button type="submit" loading={mutation.isPending} disabled={!list}>
          {t('login.submit')}
        </Button>
        {demo ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('login.demo.title')}
            </Text>
            <Group gap="xs" grow>
              {DEMO_LOGINS.map((account) => (
                <Button
                  key={account.clientId}
                  variant="default"
                  disabled={mutation.isPending}
                  onClick={() => {
                    form.reset({
                      environment: demo.id,
                      providerId: String(account.providerId),
                      clientId: account.clientId,
                      clientSecret: account.clientSecret,
                    });
                    mutation.mutate({
                      environment: demo.id,
                      providerId: account.providerId,
                      clientId: account.clientId,
                      clientSecret: account.clientSecret,
                    });
                  }}
                >
                  {t(account.label)}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}

/** What went wrong, in words: 401, 429 with the time left, 502/504, the network (issue 5). */
function LoginError({ error }: { error: ApiError }) {
  const { t } = useI18n();
  const [secondsLeft, setSecondsLeft] = useState(error.retryAfterSeconds);
  useEffect(() => {
    if (secondsLeft === undefined || secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  let message: string;
  if (error.status === 401 || error.status === 400) message = t('login.error.invalid');
  else if (error.status === 429)
    message =
      secondsLeft !== undefined && secondsLeft > 0
        ? t('login.error.rateLimited', { seconds: secondsLeft })
        : t('login.error.rateLimitedUnknown');
  else if (error.status === 502 || error.status === 503) message = t('login.error.unavailable');
  else if (error.status === 504 || error.kind === 'timeout') message = t('login.error.timeout');
  else if (error.kind === 'network') message = t('login.error.network');
  else message = t('login.error.other', { message: error.serverMessage ?? error.message });
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
