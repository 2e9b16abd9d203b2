import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ApiError } from '@/contract/api-error-value';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import { login, type Environment, type LoginRequest, type Session } from './api.ts';

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

// The form's rules, written out: react-hook-form and zod would add about 35 kB gzip to the login
// screen's first load, over its budget (decision 0006). Messages are catalogue keys.
const FIELDS = ['environment', 'providerId', 'clientId', 'clientSecret'] as const;
type Field = (typeof FIELDS)[number];
const rules: Record<Field, (value: string) => MessageKey | undefined> = {
  environment: (value) => (value === '' ? 'login.validation.environment' : undefined),
  providerId: (value) => (/^\s*[1-9]\d{0,15}\s*$/.test(value) ? undefined : 'login.validation.providerId'),
  clientId: (value) => (value.trim() === '' ? 'login.validation.required' : undefined),
  clientSecret: (value) => (value === '' ? 'login.validation.required' : undefined),
};

function validate(values: LoginFormValues): Partial<Record<Field, MessageKey>> {
  const errors: Partial<Record<Field, MessageKey>> = {};
  for (const name of FIELDS) {
    const error = rules[name](values[name]);
    if (error) errors[name] = error;
  }
  return errors;
}

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
  /** From the route loader (`environmentsQueryOptions`), so the form needs no query hooks. */
  environments: Environment[];
  /** The re-login dialog starts from the expired session's values. */
  initial?: Partial<Omit<LoginFormValues, 'clientSecret'>>;
}

export function LoginForm({ onSuccess, initial, environments: list }: LoginFormProps) {
  const { t } = useI18n();
  const [remembered] = useState(readRemembered);
  const [values, setValues] = useState<LoginFormValues>(() => ({
    environment: initial?.environment ?? remembered.environment,
    providerId: initial?.providerId ?? remembered.providerId,
    clientId: initial?.clientId ?? remembered.clientId,
    clientSecret: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  // Once the environments are known, a remembered one that no longer exists falls back to the first.
  const current = !list.some((environment) => environment.id === values.environment)
    ? { ...values, environment: list[0]?.id ?? '' }
    : values;
  const field = (name: Field) => ({
    name,
    value: current[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
    error: errors[name] ? t(errors[name]) : undefined,
  });

  // The sign-in request, by hand: React Query's mutation hooks would be the login screen's only
  // use of them (budget). One request at a time: a double click signs in once.
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: ApiError; attempt: number } | null>(null);
  const [attempts, setAttempts] = useState(0);
  const send = async (request: LoginRequest) => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    const result = await login(request);
    setPending(false);
    if (!result.ok) {
      setFailure({ error: result.error, attempt: attempts + 1 });
      setAttempts(attempts + 1);
      return;
    }
    remember({
      environment: request.environment,
      providerId: String(request.providerId),
      clientId: request.clientId,
    });
    onSuccess(result.value);
  };

  const demo = list.find((environment) => environment.kind === 'demo');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(current);
    setErrors(found);
    if (Object.keys(found).length === 0) void send(toRequest(current));
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <NativeSelect
          label={t('login.environment')}
          data={list.map((environment) => ({ value: environment.id, label: environment.label }))}
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
        <PasswordInput
          label={t('login.clientSecret')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': `${t('common.show')} / ${t('common.hide')}` }}
          {...field('clientSecret')}
        />
        {failure ? <LoginError error={failure.error} key={failure.attempt} /> : null}
        <Button type="submit" loading={pending}>
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
                  disabled={pending}
                  onClick={() => {
                    setErrors({});
                    setValues({
                      environment: demo.id,
                      providerId: String(account.providerId),
                      clientId: account.clientId,
                      clientSecret: account.clientSecret,
                    });
                    void send({
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
