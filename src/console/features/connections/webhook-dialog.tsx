import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod/mini';
import { useSetWebhook } from '@/console/api/connections';
import { Form, FormError, SubmitButton, useSchemaForm } from '@/console/components/form';
import { useNotify } from '@/console/components/notifications-host';
import { fieldMessage } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import { isApiError } from '@/contract/api-error-value';
import type { Connection } from '@/proxy-api/people';

// The proxy decides what a webhook may be (https, plain http on its own machine only); the form
// only catches what is plainly not an address, and keeps what was typed when the proxy refuses it.
const formSchema = z.object({
  url: z.string().check(z.trim(), z.regex(/^https?:\/\/[^\s/]+/i)),
});

/**
 * `PUT /connections/{id}/webhook` (docs/decisions/0027): the address is a secret, so the field
 * starts empty even when one is set; the dialog says which host alerts go to, and removes it.
 */
export function WebhookDialog({ connection, onClose }: { connection: Connection; onClose: () => void }) {
  const { t } = useI18n();
  const notify = useNotify();
  const setWebhook = useSetWebhook();
  const form = useSchemaForm(formSchema, { defaultValues: { url: '' } });
  const { label, webhookHost } = connection;
  const save = async ({ url }: { url: string }) => {
    let saved: Connection;
    try {
      saved = await setWebhook.mutateAsync({ connectionId: connection.id, url });
    } catch (error) {
      // The proxy's refusal of the address (not https, credentials in it) belongs to the field.
      if (!isApiError(error) || error.meaning !== 'invalid-request') throw error;
      form.setError('url', { type: 'server' }, { shouldFocus: true });
      return;
    }
    onClose();
    void notify({
      color: 'teal',
      message: t('connections.webhook.saved', { label, host: saved.webhookHost ?? '' }),
    });
  };
  const remove = async () => {
    await setWebhook.mutateAsync({ connectionId: connection.id, url: null });
    onClose();
    void notify({ color: 'teal', message: t('connections.webhook.removed', { label }) });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('connections.webhook.title', { label })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Form form={form} onSubmit={save}>
        <Stack gap="md">
          <Text size="sm">{t('connections.webhook.intro')}</Text>
          {webhookHost ? (
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {t('connections.webhook.current', { host: webhookHost })}
            </Text>
          ) : null}
          <TextInput
            label={t('connections.webhook.url')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://hooks.slack.com/services/…"
            required
            data-autofocus
            error={fieldMessage(form.formState.errors.url, t('connections.validation.webhook'))}
            {...form.register('url')}
          />
          <FormError />
          <Group justify={webhookHost ? 'space-between' : 'flex-end'} gap="xs">
            {webhookHost ? (
              <Button
                variant="subtle"
                color="red"
                loading={setWebhook.isPending && setWebhook.variables.url === null}
                onClick={() => void remove().catch(() => undefined)}
              >
                {t('connections.webhook.remove')}
              </Button>
            ) : null}
            <SubmitButton>{t('connections.webhook.save')}</SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
