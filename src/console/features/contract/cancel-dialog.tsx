import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import type { Preview } from './preview.ts';
import { PreviewView } from './preview-view.tsx';

export interface CancelDialogProps {
  opened: boolean;
  centreName: string;
  preview: Preview | undefined;
  disabled: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation of a cancellation (spec 3.2): what it does, and the centre's name typed out, as
 * it is written, before the event can be sent.
 */
export function CancelDialog({
  opened,
  centreName,
  preview,
  disabled,
  onClose,
  onConfirm,
}: CancelDialogProps) {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === centreName.trim();
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('contract.cancel.title', { name: centreName })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!matches || disabled) return;
          setTyped('');
          onConfirm();
        }}
      >
        <Stack gap="md">
          <PreviewView preview={preview} />
          <TextInput
            label={t('contract.cancel.type', { name: centreName })}
            description={t('contract.cancel.typeHelp')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typed !== '' && !matches ? t('contract.cancel.mismatch') : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('contract.cancel.keep')}
            </Button>
            <Button type="submit" color="red" disabled={!matches || disabled}>
              {t('contract.cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
