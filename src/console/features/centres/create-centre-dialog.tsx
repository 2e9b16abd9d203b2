import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCreateChildCenter } from '@/console/api/create-child-center';
import { FormErrorAlert } from '@/console/components/feedback';
import { applyServerFieldErrors, fieldMessage } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import { isApiError } from '@/contract/api-error-value';
import {
  createChildCenterRequestSchema,
  type CreateChildCenterRequest,
} from '@/contract/operations/create-child-center';
import type { ChildCreation } from '@/contract/schemas';
import { COUNTRY_CODES } from './countries.ts';

const FIELDS = ['name', 'country', 'city'] as const;

export interface CreateCentreDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (name: string, creation: ChildCreation) => void;
}

/**
 * 4.3 with the contract's own request schema (D5). The form stays mounted while closed, so that
 * whatever was typed survives an error, a cancel or a re-login: nothing is lost.
 */
export function CreateCentreDialog({ opened, onClose, onCreated }: CreateCentreDialogProps) {
  const { t, countryName, language } = useI18n();
  const mutation = useCreateChildCenter();
  const form = useForm<CreateChildCenterRequest>({
    resolver: zodResolver(createChildCenterRequestSchema),
    defaultValues: { name: '', country: '', city: '' },
  });
  const countries = useMemo(() => {
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${countryName(code)} (${code})` })).sort(
      (a, b) => collator.compare(a.label, b.label),
    );
  }, [countryName, language]);
  const { errors } = form.formState;
  const fieldError = (field: (typeof FIELDS)[number]) =>
    fieldMessage(
      errors[field],
      field === 'country' ? t('create.validation.country') : t('create.validation.required'),
    );

  const submit = form.handleSubmit((values) => {
    // A double click creates one centre.
    if (mutation.isPending) return;
    mutation.mutate(values, {
      onSuccess: (creation) => {
        form.reset();
        mutation.reset();
        onCreated(values.name, creation);
      },
      onError: (error) => {
        // D2: the server's field errors go onto their fields.
        if (isApiError(error))
          applyServerFieldErrors(form.setError, error.fieldErrors, (path) =>
            FIELDS.some((name) => name === path),
          );
      },
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('create.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('create.name')}
            required
            maxLength={200}
            error={fieldError('name')}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label={t('create.country')}
                required
                searchable
                data={countries}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                nothingFoundMessage={t('create.country.nothing')}
                error={fieldError('country')}
              />
            )}
          />
          <TextInput
            label={t('create.city')}
            required
            maxLength={200}
            error={fieldError('city')}
            {...form.register('city')}
          />
          <FormErrorAlert error={mutation.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
