import { NativeSelect, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { fieldMessage } from '@/console/lib/form-kit';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import {
  brokenRule,
  LANGS,
  type RegistrationFormInput,
  type RegistrationFormOutput,
  type RowField,
} from './doctor-row.ts';
import classes from './doctors.module.css';
import { ruleWords } from './rule-words.ts';
import { specialitiesQueryOptions, specialitiesUrl } from './specialities.ts';

// A field's hint under its input rather than above it: side by side, every field's input then
// starts on the same line, hint or not.
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** A form of doctor rows: the registration form, or the one-row form that edits an imported row. */
export type RowsFormValues = RegistrationFormInput;

export const FIELD_LABELS: Record<RowField, MessageKey> = {
  name: 'row.name',
  lastname: 'row.lastname',
  email: 'row.email',
  doctorId: 'row.doctorId',
  doctorSpeciality: 'row.speciality',
  lang: 'row.lang',
  keywords: 'row.keywords',
};

export interface DoctorRowFieldsProps {
  index: number;
  control: Control<RowsFormValues, unknown, RegistrationFormOutput>;
  register: UseFormRegister<RowsFormValues>;
  errors: FieldErrors<RowsFormValues>;
  /** Registered or on its way: shown, not editable (D4: a registered row is never sent again). */
  readOnly?: boolean;
}

/** Every field of 2.2 for one doctor, labelled, with its rule's words under it when broken. */
export function DoctorRowFields({
  index,
  control,
  register,
  errors,
  readOnly = false,
}: DoctorRowFieldsProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const rowErrors = errors.doctors?.[index];
  const typed = useWatch({ control, name: `doctors.${index}` });
  const message = (field: RowField) => {
    const error = rowErrors?.[field];
    if (field === 'doctorId' && error?.message === 'duplicate') return t('row.rule.duplicate');
    const rule = ruleWords(field, brokenRule(field, typed?.[field]), i18n);
    return fieldMessage(error as { type?: string; message?: string } | undefined, rule);
  };
  const path = <F extends RowField>(field: F) => `doctors.${index}.${field}` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label={t('row.name')}
        required
        autoComplete="off"
        readOnly={readOnly}
        error={message('name')}
        {...register(path('name'))}
      />
      <TextInput
        label={t('row.lastname')}
        required
        autoComplete="off"
        readOnly={readOnly}
        error={message('lastname')}
        {...register(path('lastname'))}
      />
      <TextInput
        label={t('row.email')}
        type="email"
        autoComplete="off"
        readOnly={readOnly}
        error={message('email')}
        {...register(path('email'))}
      />
      <TextInput
        label={t('row.doctorId')}
        description={t('row.doctorId.hint')}
        inputWrapperOrder={HINT_BELOW}
        required
        autoComplete="off"
        readOnly={readOnly}
        error={message('doctorId')}
        {...register(path('doctorId'))}
      />
      <Controller
        control={control}
        name={path('doctorSpeciality')}
        render={({ field }) => (
          <SpecialityInput
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            readOnly={readOnly}
            error={message('doctorSpeciality')}
          />
        )}
      />
      <Controller
        control={control}
        name={path('lang')}
        render={({ field }) => (
          <LanguageSelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            readOnly={readOnly}
            error={message('lang')}
          />
        )}
      />
      <KeywordsField
        control={control}
        name={path('keywords')}
        readOnly={readOnly}
        error={message('keywords')}
      />
    </SimpleGrid>
  );
}

/** The keywords, typed and split at a comma or a semicolon. */
function KeywordsField({
  control,
  name,
  readOnly,
  error,
}: {
  control: DoctorRowFieldsProps['control'];
  name: `doctors.${number}.keywords`;
  readOnly: boolean;
  error: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TagsInput
          label={t('row.keywords')}
          description={t('row.keywords.hint')}
          inputWrapperOrder={HINT_BELOW}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          readOnly={readOnly}
          splitChars={[',', ';']}
          acceptValueOnBlur
          clearable={false}
          error={error}
          className={classes.wideField}
        />
      )}
    />
  );
}

interface InputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  inputRef: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  readOnly: boolean;
  error: string | undefined;
}

/** The seven codes of D4, named in the UI language ("Español (ES)"). */
function LanguageSelect({ value, onChange, onBlur, name, inputRef, readOnly, error }: InputProps) {
  const { t, language } = useI18n();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return LANGS.map((code) => {
      const label = names.of(code.toLowerCase()) ?? code;
      return {
        value: code,
        label: `${label.charAt(0).toLocaleUpperCase(language)}${label.slice(1)} (${code})`,
      };
    });
  }, [language]);
  // An imported row may hold a value that is no code at all: it stays visible, as an error.
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <NativeSelect
      label={t('row.lang')}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      name={name}
      ref={inputRef}
      disabled={readOnly}
      error={error}
      data={[
        { value: '', label: t('row.lang.choose') },
        ...(known ? [] : [{ value, label: value }]),
        ...options,
      ]}
    />
  );
}

/** A searchable list of names where the deployment configures one; else the number itself. */
function SpecialityInput({ value, onChange, onBlur, name, inputRef, readOnly, error }: InputProps) {
  const { t } = useI18n();
  const url = specialitiesUrl();
  const list = useQuery({ ...specialitiesQueryOptions(url ?? ''), enabled: url !== undefined });
  if (list.data && list.data.length > 0) {
    const data = list.data.map((speciality) => ({
      value: String(speciality.id),
      label: `${speciality.name} (${speciality.id})`,
    }));
    return (
      <Select
        label={t('row.speciality')}
        required
        searchable
        data={data}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        name={name}
        ref={inputRef}
        readOnly={readOnly}
        nothingFoundMessage={t('row.speciality.nothing')}
        error={error}
      />
    );
  }
  return (
    <TextInput
      label={t('row.speciality')}
      description={list.isError ? t('row.speciality.listFailed') : t('row.speciality.hint')}
      inputWrapperOrder={HINT_BELOW}
      required
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      name={name}
      ref={inputRef}
      readOnly={readOnly}
      error={error}
    />
  );
}
