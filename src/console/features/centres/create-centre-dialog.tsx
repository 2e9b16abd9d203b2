import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useCreateChildCenter } from '@/console/api/create-child-center';
import { Form, FormError, SubmitButton, SubmitOnMount, useSchemaForm } from '@/console/components/form';
import { fieldMessage } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import {
  CENTRE_FIELD_MAX,
  createChildCenterRequestSchema,
  type CreateChildCenterRequest,
} from '@/contract/operations/create-child-center';
import type { ChildCreation, ChildListItem } from '@/contract/schemas';
import { COUNTRY_CODES } from './countries.ts';
import { CentreNameField } from './centre-name-field.tsx';
import { useCreateDraft, type CreateDraft } from './create-draft.ts';
import { sameNameAndCity } from './rules.ts';

const FIELDS = ['name', 'country', 'city'] as const;

export interface CreateCentreDialogProps {
  /** Where a re-login keeps what was typed (create-draft.ts). */
  draftKey: string;
  /** What a re-login kept, given back once. */
  restored: CreateDraft | undefined;
  /** The centres there are: one with the same name in the same city asks before another is created. */
  centres: readonly ChildListItem[];
  opened: boolean;
  onClose: () => void;
  onCreated: (name: string, creation: ChildCreation) => void;
}

/**
 * 4.3 with the contract's own request schema (D5). The form stays mounted while closed, so that
 * whatever was typed survives an error, a cancel or a re-login: nothing is lost.
 */
export function CreateCentreDialog(props: CreateCentreDialogProps) {
  const { draftKey, restored, centres, opened, onClose, onCreated } = props;
  const { t, formatNumber } = useI18n();
  const mutation = useCreateChildCenter();
  const form = useSchemaForm(createChildCenterRequestSchema, {
    defaultValues:
      restored?.values ?? ({ name: '', country: '', city: '' } satisfies CreateChildCenterRequest),
  });
  // A press on Create that met the ended session goes again once, on the tab's return.
  const draft = useCreateDraft(draftKey, restored, () => form.getValues(), opened);
  const { errors } = form.formState;
  // A value past D5's 200 characters is refused with its length, not cut at the input: a pasted
  // address would otherwise lose its end without a word (issue 21, item 12).
  const fieldError = (field: (typeof FIELDS)[number]) =>
    fieldMessage(
      errors[field],
      field === 'country'
        ? t('create.validation.country')
        : errors[field]?.type === 'too_big'
          ? t('create.validation.tooLong', {
              max: formatNumber(CENTRE_FIELD_MAX),
              length: formatNumber(form.getValues(field).trim().length),
            })
          : t('create.validation.required'),
    );

  // A centre of that name in that city: the first press asks, the next press on it creates. The
  // question goes once the name or the place no longer match that centre.
  const [asked, setAsked] = useState<number | null>(null);
  // Watched only once asked: until then a keystroke re-renders nothing (the country list is long).
  const typed = useWatch({ control: form.control, disabled: asked === null });
  const same =
    asked === null ? undefined : sameNameAndCity(centres, { name: '', country: '', city: '', ...typed });
  const twin = same !== undefined && same.id === asked ? same : undefined;

  // A double click creates one centre; D2's field errors go onto their fields (the one <Form>).
  const create = async (wanted: CreateChildCenterRequest) => {
    const found = sameNameAndCity(centres, wanted);
    if (found && found.id !== asked) {
      setAsked(found.id);
      return;
    }
    const creation = await draft.creating(() => mutation.mutateAsync(wanted));
    form.reset();
    setAsked(null);
    onCreated(wanted.name, creation);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('create.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Form form={form} onSubmit={create}>
        <Stack gap="md">
          <CentreNameField
            label={t('create.name')}
            required
            error={fieldError('name')}
            centres={centres}
            control={form.control}
            hidden={twin !== undefined}
            registration={form.register('name')}
          />
          <CountryField control={form.control} error={fieldError('country')} />
          <TextInput
            label={t('create.city')}
            required
            error={fieldError('city')}
            {...form.register('city')}
          />
          {twin ? (
            // Blue, as the licences' notes: Mantine's yellow and orange titles fail AA on their tint.
            <Alert
              color="blue"
              variant="light"
              title={t('create.twin.title', { name: twin.name, city: twin.city ?? '' })}
            >
              {t('create.twin.body', { id: twin.id })}
            </Alert>
          ) : null}
          <FormError />
          {draft.resume ? <SubmitOnMount onSubmitted={draft.resumed} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <SubmitButton>{twin ? t('create.twin.submit') : t('create.submit')}</SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}

/** The country, searchable by its name in the console's language (sorted in that language). */
function CountryField({
  control,
  error,
}: {
  control: Control<CreateChildCenterRequest>;
  error: string | undefined;
}) {
  const { t, countryName, language } = useI18n();
  const countries = useMemo(() => {
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${countryName(code)} (${code})` })).sort(
      (a, b) => collator.compare(a.label, b.label),
    );
  }, [countryName, language]);
  return (
    <Controller
      control={control}
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
          error={error}
        />
      )}
    />
  );
}
