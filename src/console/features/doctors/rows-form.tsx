import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Form, SubmitButton, useSchemaForm } from '@/console/components/form';
import { applyServerFieldErrors } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import { isApiError } from '@/contract/api-error-value';
import { failedInPassing } from './csv/import-rows.ts';
import {
  doctorRowSchema,
  emptyRow,
  registrationFormSchema,
  requestOf,
  ROW_FIELDS,
  type DoctorRowInput,
  type RegistrationFormOutput,
} from './doctor-row.ts';
import { DoctorRowFields, type RowsFormValues } from './doctor-row-fields.tsx';
import type { Prepared, RegistrationRun, RowStatus } from './registration-run.ts';
import { FailureReason, LeaveWhileSending, RowStatusBadge, RunProgress } from './run-progress.tsx';
import { useKeptRows, useRestoredRows } from './rows-draft.ts';
import { rowsResultsCsv } from './rows-results.ts';
import { useRegistrationRun, type RowRequest } from './use-registration-run.ts';

const isRowField = (path: string) => ROW_FIELDS.some((field) => path.endsWith(`.${field}`));

/** A row as it is now, as the run would get it: its request, or none while it breaks a rule. */
function prepareRow(target: number, key: string, row: DoctorRowInput | undefined): Prepared<RowRequest> {
  const parsed = row === undefined ? undefined : doctorRowSchema.safeParse(row);
  return parsed?.success
    ? { ok: true, request: { key, request: requestOf(target, parsed.data) } }
    : { ok: false };
}

/**
 * Doctors typed in, one row each (add, duplicate, remove), sent one per request (D4). The same
 * schema types the form and every request; the service's D2 field errors land on the right field
 * of the right row; a failed row is fixed and sent again alone (its own submit button), a
 * registered one never again.
 */
export function RowsForm({ target, defaultLang }: { target: number; defaultLang: string }) {
  const { t } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const restored = useRestoredRows(target);
  const form = useSchemaForm(registrationFormSchema, {
    defaultValues: { healthProviderId: target, doctors: restored?.rows ?? [emptyRow(defaultLang)] },
  });
  const { fields, insert, remove } = useFieldArray({ control: form.control, name: 'doctors' });
  // The rows' keys for the callbacks that run after a render (a failure finds its row's index).
  const keys = useRef<string[]>([]);
  useEffect(() => {
    keys.current = fields.map((field) => field.id);
  }, [fields]);
  const { run, blocker, refresh } = useRegistrationRun(target, (key, error) => {
    const index = keys.current.indexOf(key);
    // D2: `doctors[0].email` of this one-doctor request is row `index`'s e-mail.
    if (index >= 0 && isApiError(error))
      applyServerFieldErrors(form.setError, error.fieldErrors, isRowField, (path) =>
        path.replace(/^doctors\.0\./, `doctors.${index}.`),
      );
  });
  const progress = run.progress();

  // `only`: a row's own retry (its submit button's value), the summary's retry (the rows whose send
  // failed in passing), else every row that may go (the run skips a refused row that has not changed).
  // `resuming`: the rows a re-login left on their way (rows-draft.ts).
  const retrying = useRef(false);
  const rows = () => form.getValues('doctors');
  const resuming = useKeptRows({ target, restored, rows, keys, run, formRef });
  const send = (values: RegistrationFormOutput, submitter: string | undefined) => {
    const retry = retrying.current;
    retrying.current = false;
    const only = resuming() ?? (submitter === undefined ? undefined : [submitter]);
    run.start(
      values.doctors.flatMap((doctor, index) => {
        const key = keys.current[index];
        if (key === undefined || (only !== undefined && !only.includes(key))) return [];
        if (retry && !failedInPassing(run.status(key))) return [];
        return [{ key, prepare: () => ({ ok: true, request: { key, request: requestOf(target, doctor) } }) }];
      }),
    );
    void run.idle().then(() => refresh());
  };
  const addRow = (at: number, row: DoctorRowInput) => insert(at, row, { focusName: `doctors.${at}.name` });

  const typed = useWatch({ control: form.control, name: 'doctors' });
  const mayGo = (index: number, key: string) => run.mayGo(key, prepareRow(target, key, typed[index]));
  const unsent = fields.filter((field, index) => mayGo(index, field.id)).length;
  return (
    <Form form={form} formRef={formRef} onSubmit={(values, only) => send(values, only)}>
      <Stack gap="md">
        {fields.map((field, index) => (
          <RowFieldset
            key={field.id}
            index={index}
            rowKey={field.id}
            form={form}
            run={run}
            mayGo={mayGo(index, field.id)}
            removable={fields.length > 1}
            onDuplicate={() => {
              const copy = form.getValues(`doctors.${index}`);
              // A copy is a new doctor: its id is the one field that must differ.
              addRow(index + 1, { ...copy, keywords: [...copy.keywords], doctorId: '' });
            }}
            onRemove={() => {
              run.forget(field.id);
              remove(index);
            }}
          />
        ))}
        <Group justify="space-between" wrap="wrap">
          <Button variant="default" onClick={() => addRow(fields.length, emptyRow(defaultLang))}>
            {t('row.add')}
          </Button>
          <SubmitButton disabled={progress.running || unsent === 0}>
            {t('rows.submit', { count: unsent })}
          </SubmitButton>
        </Group>
        <RunProgress
          run={run}
          onRetryFailed={() => {
            retrying.current = true;
            formRef.current?.requestSubmit();
          }}
          onDownload={() =>
            void rowsResultsCsv(
              form.getValues('doctors'),
              fields.map((field) => run.status(field.id)),
              t,
            )
          }
        />
      </Stack>
      <LeaveWhileSending blocker={blocker} />
    </Form>
  );
}

interface RowFieldsetProps {
  index: number;
  rowKey: string;
  form: UseFormReturn<RowsFormValues, unknown, RegistrationFormOutput>;
  run: RegistrationRun<RowRequest>;
  /** Sent as it is now, it may succeed (a refused row once changed). */
  mayGo: boolean;
  removable: boolean;
  onDuplicate: () => void;
  onRemove: () => void;
}

/** One doctor's row: its state, its own retry, duplicate and remove, and its fields. */
function RowFieldset(props: RowFieldsetProps) {
  const { index, rowKey, form, run, mayGo, removable, onDuplicate, onRemove } = props;
  const { t } = useI18n();
  const status: RowStatus | undefined = run.status(rowKey);
  const busy = status?.state === 'sending' || status?.state === 'waiting';
  return (
    <Paper withBorder p="md" component="fieldset" aria-label={t('row.legend', { n: index + 1 })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{t('row.legend', { n: index + 1 })}</Text>
            <RowStatusBadge status={status} />
          </Group>
          <Group gap={4}>
            {status?.state === 'failed' && mayGo ? (
              <Button type="submit" name="row" value={rowKey} size="xs" variant="light">
                {t('row.retry')}
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              aria-label={t('row.duplicate.label', { n: index + 1 })}
              onClick={onDuplicate}
            >
              {t('row.duplicate')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={t('row.remove.label', { n: index + 1 })}
              disabled={!removable || busy}
              onClick={onRemove}
            >
              {t('row.remove')}
            </Button>
          </Group>
        </Group>
        <DoctorRowFields
          index={index}
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          readOnly={!run.isEditable(rowKey)}
        />
        <FailureReason status={status} />
      </Stack>
    </Paper>
  );
}
