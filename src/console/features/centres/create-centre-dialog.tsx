import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  createChildCenterRequestSchema,
  isApiError,
  type ChildCreation,
  type CreateChildCenterRequest,
} from '@/contract';
import { errorMessageKey } from '@/console/lib/describe-error';
import { useI18n } from '@/console/lib/i18n';
import { useCreateChildCenter } from './api.ts';
import { COUNTRY_CODES } from './countries.ts';

const FIELDS = ['name', 'country', 'city'] as const;

export interface CreateCentreDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (name: string, creation: ChildCreation) => void;
}

/**
 * 4.3 with the contract's own request schema (D5). The form stays mounted while closed, so that
 * whatever was typed survives an error, a cancel or a re-login (issue 5: nothing lost).
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
  const fieldError = (field: (typeof FIELDS)[number]) => {
    const error = errors[field];
    if (!error) return undefined;
    // D2 field errors from the server carry their own words; the schema's carry none we can show.
    if (error.type === 'server' && error.message) return error.message;
    return field === 'country' ? t('create.validation.country') : t('create.validation.required');
  };

  const submit = form.handleSubmit((values) => {
    // Issue 5: a double click creates one centre.
    if (mutation.isPending) return;
    mutation.mutate(values, {
      onSuccess: (creation) => {
        form.reset();
        mutation.reset();
        onCreated(values.name, creation);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        // D2: the server's field errors go onto their fields.
        for (const serverError of error.fieldErrors) {
          const field = FIELDS.find((name) => name === serverError.field);
          if (field) form.setError(field, { type: 'server', message: serverError.message });
        }
      },
    });
  });

  const failure = mutation.error;
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
          {failure && !(isApiError(failure) && failure.status === 401) ? (
            <Alert color="red" role="alert">
              {(isApiError(failure) && failure.serverMessage) || t(errorMessageKey(failure))}
            </Alert>
          ) : null}
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
