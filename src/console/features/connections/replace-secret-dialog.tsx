import { Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod/mini';
import { useReplaceSecret } from '@/console/api/connections';
import { Form, FormError, SubmitButton, useSchemaForm } from '@/console/components/form';
import { useNotify } from '@/console/components/notifications-host';
import { fieldMessage } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import { isApiError } from '@/contract/api-error-value';
import { clientSecretSchema, type Connection } from '@/proxy-api/people';

// Not `z.pick`: zod's core ships in one chunk with the entry, and pick's helpers cost it 0.3 kB gzip.
const formSchema = z.object({ clientSecret: clientSecretSchema });

/** `PUT /connections/{id}/secret`: verified like a new connection, then it replaces the old one. */
export function ReplaceSecretDialog({
  connection,
  onClose,
}: {
  connection: Connection | undefined;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const replace = useReplaceSecret();
  const form = useSchemaForm(formSchema, { defaultValues: { clientSecret: '' } });
  const label = connection?.label ?? '';
  const send = async (values: { clientSecret: string }) => {
    if (!connection) return;
    try {
      await replace.mutateAsync({ connectionId: connection.id, clientSecret: values.clientSecret });
    } catch (failure) {
      // The only field here is the secret: the refusal is said under it, naming the client it was
      // checked against, not with the sign-in's "check the provider id, client id and secret".
      if (!isApiError(failure) || failure.code !== 'invalid_credentials') throw failure;
      form.setError(
        'clientSecret',
        {
          type: 'server',
          message: t('connections.replace.refused', {
            clientId: connection.clientId,
            providerId: connection.providerId,
          }),
        },
        { shouldFocus: true },
      );
      return;
    }
    form.reset();
    onClose();
    void notify({ color: 'teal', message: t('connections.replaced', { label }) });
  };
  return (
    <Modal
      opened={connection !== undefined}
      onClose={onClose}
      title={t('connections.replace.title', { label })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Form form={form} onSubmit={send}>
        <Stack gap="md">
          <PasswordInput
            label={t('connections.clientSecret')}
            autoComplete="new-password"
            required
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('login.showSecret') }}
            error={fieldMessage(form.formState.errors.clientSecret, t('connections.validation.required'))}
            {...form.register('clientSecret')}
          />
          <FormError />
          <Group justify="flex-end">
            <SubmitButton>{t('connections.replace.submit')}</SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
