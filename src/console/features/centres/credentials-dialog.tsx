import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ChildCreation } from '@/contract/schemas';
import { downloadText } from '@/console/lib/download';
import { useI18n } from '@/console/lib/i18n';
import { rememberCentreName } from './remembered-names.ts';
import { CredentialField } from './secret-field.tsx';

export function dotEnv(creation: ChildCreation): string {
  return `PROVIDER_ID=${creation.providerId}\nCLIENT_ID=${creation.clientId}\nCLIENT_SECRET=${creation.secret}\n`;
}

/**
 * Shown once after creating a centre (4.3). It closes only after "I have stored these" is checked:
 * escape, the overlay and a close button would lose the secret by accident.
 */
export function CredentialsDialog({
  name,
  creation,
  onClose,
}: {
  name: string;
  creation: ChildCreation;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [stored, setStored] = useState(false);
  // Whoever signs in with these next may be here: the centre's own page can then say its name.
  useEffect(() => rememberCentreName(creation.providerId, name), [creation.providerId, name]);
  const download = () => downloadText(dotEnv(creation), `centre-${creation.providerId}.env`, 'text/plain');
  return (
    <Modal
      opened
      onClose={() => {
        if (stored) onClose();
      }}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('credentials.title', { name })}
      centered
    >
      <Stack gap="md">
        <Alert color="yellow">{t('credentials.once')}</Alert>
        <CredentialField label={t('credentials.providerId')} value={String(creation.providerId)} />
        <CredentialField label={t('credentials.clientId')} value={creation.clientId} />
        <CredentialField label={t('credentials.secret')} value={creation.secret} />
        <Button variant="default" onClick={download}>
          {t('credentials.download')}
        </Button>
        <Checkbox
          label={t('credentials.stored')}
          checked={stored}
          onChange={(event) => setStored(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button disabled={!stored} onClick={onClose}>
            {t('credentials.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
