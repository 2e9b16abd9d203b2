import { Group, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { z } from 'zod/mini';
import { useAddConnection } from '@/console/api/connections';
import { Form, FormError, SubmitButton, useSchemaForm } from '@/console/components/form';
import { useNotify } from '@/console/components/notifications-host';
import { fieldMessage } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import type { Environment } from '@/proxy-api/console';
import { addConnectionRequestSchema, type AddConnectionRequest } from '@/proxy-api/people';

// The provider id is typed as text and read as the wire's positive whole number.
const formSchema = z.pipe(
  z.object({
    label: z.string(),
    environment: z.string(),
    providerId: z.string().check(z.regex(/^\s*[1-9]\d{0,15}\s*$/)),
    clientId: z.string(),
    clientSecret: z.string(),
  }),
  z.pipe(
    z.transform((values: { providerId: string } & Omit<AddConnectionRequest, 'providerId'>) => ({
      ...values,
      providerId: Number(values.providerId.trim()),
    })),
    addConnectionRequestSchema,
  ),
);

/**
 * A connection's credentials: the proxy asks the service for a token with the secret and checks
 * the provider before keeping anything; a wrong secret is refused in words, and the form keeps what
 * was typed (the secret too, to correct it). `onAdd` sends them: `POST /connections` by default (on
 * success the secret is cleared from the page), or the first connection's (first-connection-screen).
 */
export function AddConnectionForm({
  environments,
  onAdd,
  submitLabel,
}: {
  environments: Environment[];
  onAdd?: (values: AddConnectionRequest) => Promise<unknown>;
  submitLabel?: string;
}) {
  return onAdd ? (
    <ConnectionFields environments={environments} onSubmit={onAdd} submitLabel={submitLabel} />
  ) : (
    <AnotherConnection environments={environments} />
  );
}

/** `POST /connections`, said done in a notification, and the form emptied for the next. */
function AnotherConnection({ environments }: { environments: Environment[] }) {
  const { t } = useI18n();
  const notify = useNotify();
  const add = useAddConnection();
  const send = async (values: AddConnectionRequest, reset: (environment: string) => void) => {
    const added = await add.mutateAsync(values);
    reset(values.environment);
    void notify({ color: 'teal', message: t('connections.added', { label: added.label }) });
  };
  return <ConnectionFields environments={environments} onSubmit={send} />;
}

function ConnectionFields({
  environments,
  onSubmit,
  submitLabel,
}: {
  environments: Environment[];
  onSubmit: (values: AddConnectionRequest, reset: (environment: string) => void) => Promise<unknown>;
  submitLabel?: string | undefined;
}) {
  const { t } = useI18n();
  const form = useSchemaForm(formSchema, {
    defaultValues: {
      label: '',
      environment: environments[0]?.id ?? '',
      providerId: '',
      clientId: '',
      clientSecret: '',
    },
  });
  const { errors } = form.formState;
  const required = (field: 'label' | 'clientId' | 'clientSecret') =>
    fieldMessage(errors[field], t('connections.validation.required'));
  const send = (values: AddConnectionRequest) =>
    onSubmit(values, (environment) =>
      form.reset({ label: '', environment, providerId: '', clientId: '', clientSecret: '' }),
    );
  return (
    <Form form={form} onSubmit={send} aria-label={t('connections.add.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('connections.label')}
            required
            maxLength={120}
            error={required('label')}
            {...form.register('label')}
          />
          <NativeSelect
            label={t('connections.environment')}
            data={environments.map((environment) => ({
              value: environment.id,
              label: t(`environment.${environment.kind}`),
            }))}
            {...form.register('environment')}
          />
          <TextInput
            label={t('connections.providerId')}
            inputMode="numeric"
            required
            error={fieldMessage(errors.providerId, t('connections.validation.providerId'))}
            {...form.register('providerId')}
          />
          <TextInput
            label={t('connections.clientId')}
            autoComplete="off"
            spellCheck={false}
            required
            error={required('clientId')}
            {...form.register('clientId')}
          />
          <PasswordInput
            label={t('connections.clientSecret')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('login.showSecret') }}
            error={required('clientSecret')}
            {...form.register('clientSecret')}
          />
        </SimpleGrid>
        <FormError />
        <Group justify="flex-end">
          <SubmitButton>{submitLabel ?? t('connections.add.submit')}</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}
