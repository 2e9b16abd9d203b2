import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import type { Path } from 'react-hook-form';
import { Form, SubmitButton, useSchemaForm } from '@/console/components/form';
import { useI18n } from '@/console/lib/i18n';
import { registrationFormSchema, type DoctorRowInput, type RowField } from '../doctor-row.ts';
import { DoctorRowFields, type RowsFormValues } from '../doctor-row-fields.tsx';

export interface EditRowDialogProps {
  /** The file's row number, from 1. */
  number: number;
  row: DoctorRowInput;
  target: number;
  /** What the service refused in this row (D2), shown on its fields. */
  refused: Partial<Record<RowField, string>>;
  onSave: (row: DoctorRowInput) => void;
  onClose: () => void;
}

/** One imported row in the registration form's own fields and rules; saved once it is valid. */
export function EditRowDialog({ number, row, target, refused, onSave, onClose }: EditRowDialogProps) {
  const { t } = useI18n();
  const form = useSchemaForm(registrationFormSchema, {
    defaultValues: { healthProviderId: target, doctors: [{ ...row, keywords: [...row.keywords] }] },
  });
  useEffect(() => {
    // The rules the row breaks, and the service's own words for what it refused.
    void form.trigger();
    for (const [field, message] of Object.entries(refused))
      form.setError(`doctors.0.${field}` as Path<RowsFormValues>, { type: 'server', message });
  }, [form, refused]);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('preview.edit.title', { row: number })}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* The row as typed (text fields, keywords as tags) goes back to the preview. */}
      <Form form={form} onSubmit={() => onSave(form.getValues('doctors.0'))}>
        <Stack gap="md">
          <DoctorRowFields
            index={0}
            control={form.control}
            register={form.register}
            errors={form.formState.errors}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <SubmitButton>{t('preview.edit.save')}</SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
