import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { Form, SubmitButton, useSchemaForm } from '@/console/components/form';
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

/** The confirmation: the centre's name as it is written (capitals and accents; spaces at the ends aside). */
const confirmationSchema = (centreName: string) =>
  z.object({ name: z.string().check(z.refine((typed) => typed.trim() === centreName.trim())) });

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
  const form = useSchemaForm(confirmationSchema(centreName), {
    defaultValues: { name: '' },
    mode: 'onChange',
  });
  const typed = useWatch({ control: form.control, name: 'name' });
  const matches = typed.trim() === centreName.trim();
  const close = () => {
    form.reset();
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
      <Form
        form={form}
        blocked={disabled}
        onSubmit={() => {
          form.reset();
          onConfirm();
        }}
      >
        <Stack gap="md">
          <PreviewView preview={preview} />
          <TextInput
            label={t('contract.cancel.type', { name: centreName })}
            description={t('contract.cancel.typeHelp')}
            error={typed !== '' && !matches ? t('contract.cancel.mismatch') : undefined}
            autoComplete="off"
            data-autofocus
            {...form.register('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('contract.cancel.keep')}
            </Button>
            <SubmitButton color="red" disabled={!matches}>
              {t('contract.cancel.confirm')}
            </SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
