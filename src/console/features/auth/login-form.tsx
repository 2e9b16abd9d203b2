import { Button, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Fragment, type FormEvent } from 'react';
import { useDemoSignIn, useSignIn } from '@/console/api/session';
import { FormErrorAlert } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import type { Environment, Session } from '@/proxy-api/console';
import { DemoLogins } from './demo-logins.tsx';
import { RULES, useLoginFields, type LoginField } from './login-fields.ts';
import { rememberLogin } from './remembered-login.ts';

export interface LoginFormProps {
  environments: Environment[];
  onSuccess: (session: Session) => void;
  /**
   * Signing in again after the session ended: the same environment, provider and client, shown
   * and not editable (signing in as someone else means logging out first); only the secret is asked.
   */
  identity?: Session | undefined;
}

const remember = (session: Pick<Session, 'environment' | 'providerId' | 'clientId'>) =>
  rememberLogin({
    environment: session.environment,
    providerId: String(session.providerId),
    clientId: session.clientId,
  });

/** Sign-in (the console wire's `POST /auth/login`), or a demo login by name (D12). */
export function LoginForm({ environments, onSuccess, identity }: LoginFormProps) {
  const { t } = useI18n();
  const signIn = useSignIn();
  const demoSignIn = useDemoSignIn();
  const pending = signIn.isPending || demoSignIn.isPending;
  const fields = useLoginFields(environments, identity);
  const field = (name: LoginField) => {
    const { invalid, ...props } = fields.field(name);
    return { ...props, error: invalid ? t(RULES[name]) : undefined };
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = fields.check();
    // One request at a time: a double click signs in once.
    if (!request || pending) return;
    signIn.mutate(request, {
      onSuccess: (session) => {
        remember(request);
        onSuccess(session);
      },
    });
  };
  const demo = identity ? undefined : environments.find((candidate) => candidate.kind === 'demo');
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {identity ? (
          <IdentityLine identity={identity} environments={environments} />
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
          <DemoLogins
            sending={demoSignIn.isPending ? demoSignIn.variables.as : undefined}
            disabled={pending}
            onSignIn={(as) => {
              fields.clear();
              signIn.reset();
              demoSignIn.mutate(
                { as },
                {
                  onSuccess: (session) => {
                    remember(session);
                    onSuccess(session);
                  },
                },
              );
            }}
          />
        ) : null}
      </Stack>
    </form>
  );
}

/** Who signs in again: environment, provider and client, shown and not editable. */
function IdentityLine({ identity, environments }: { identity: Session; environments: Environment[] }) {
  const { t } = useI18n();
  const named = (id: string) => {
    const found = environments.find((candidate) => candidate.id === id);
    return found ? t(`environment.${found.kind}`) : id;
  };
  return (
    // Each part on one line: at 360 px "demo-parent" broke at its hyphen.
    <Text size="sm">
      {[
        named(identity.environment),
        t('relogin.identity.provider', { providerId: String(identity.providerId) }),
        t('relogin.identity.client', { clientId: identity.clientId }),
      ].map((part, index) => (
        <Fragment key={part}>
          {index > 0 ? ' · ' : null}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </Text>
  );
}
