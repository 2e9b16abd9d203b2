import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import { isApiError } from '@/contract/api-error-value';
import {
  emptyRow,
  registrationFormSchema,
  requestOf,
  ROW_FIELDS,
  type DoctorRowInput,
  type RegistrationFormOutput,
} from './doctor-row.ts';
import { DoctorRowFields, type RowsFormValues } from './doctor-row-fields.tsx';
import { FailureReason, LeaveWhileSending, RowStatusBadge, RunProgress } from './run-progress.tsx';
import { rowsResultsCsv } from './rows-results.ts';
import { useRegistrationRun } from './use-registration-run.ts';

const isRowField = (path: string) => ROW_FIELDS.some((field) => path.endsWith(`.${field}`));

/**
 * Doctors typed in, one row each (add, duplicate, remove), sent one per request (D4). The same
 * schema types the form and every request; the service's D2 field errors land on the right field
 * of the right row; a failed row is fixed and sent again alone, a registered one never again.
 */
export function RowsForm({ target, defaultLang }: { target: number; defaultLang: string }) {
  const { t } = useI18n();
  const form = useForm<RowsFormValues, unknown, RegistrationFormOutput>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: { healthProviderId: target, doctors: [emptyRow(defaultLang)] },
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

  const send = (values: RegistrationFormOutput, only?: string) => {
    run.start(
      values.doctors.flatMap((doctor, index) => {
        const key = keys.current[index];
        if (key === undefined || (only !== undefined && key !== only)) return [];
        return [{ key, prepare: () => ({ ok: true, request: { key, request: requestOf(target, doctor) } }) }];
      }),
    );
    void run.idle().then(() => refresh());
  };
  const submit = (only?: string) => {
    // The target is chosen above the form, for the file import too; the schema checks it here.
    form.setValue('healthProviderId', target);
    void form.handleSubmit((values) => send(values, only))();
  };

  const addRow = (at: number, row: DoctorRowInput) => {
    insert(at, row, { focusName: `doctors.${at}.name` });
  };

  const unsent = fields.filter((field) => run.status(field.id)?.state !== 'registered').length;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {fields.map((field, index) => {
          const status = run.status(field.id);
          const editable = run.isEditable(field.id);
          return (
            <Paper
              key={field.id}
              withBorder
              p="md"
              component="fieldset"
              aria-label={t('row.legend', { n: index + 1 })}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Text fw={600}>{t('row.legend', { n: index + 1 })}</Text>
                    <RowStatusBadge status={status} />
                  </Group>
                  <Group gap={4}>
                    {status?.state === 'failed' ? (
                      <Button size="xs" variant="light" onClick={() => submit(field.id)}>
                        {t('row.retry')}
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={t('row.duplicate.label', { n: index + 1 })}
                      onClick={() => {
                        const copy = form.getValues(`doctors.${index}`);
                        // A copy is a new doctor: its id is the one field that must differ.
                        addRow(index + 1, { ...copy, keywords: [...copy.keywords], doctorId: '' });
                      }}
                    >
                      {t('row.duplicate')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('row.remove.label', { n: index + 1 })}
                      disabled={
                        fields.length === 1 || status?.state === 'sending' || status?.state === 'waiting'
                      }
                      onClick={() => {
                        run.forget(field.id);
                        remove(index);
                      }}
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
                  readOnly={!editable}
                />
                <FailureReason status={status} />
              </Stack>
            </Paper>
          );
        })}
        <Group justify="space-between" wrap="wrap">
          <Button variant="default" onClick={() => addRow(fields.length, emptyRow(defaultLang))}>
            {t('row.add')}
          </Button>
          <Button type="submit" disabled={progress.running || unsent === 0}>
            {t('rows.submit', { count: unsent })}
          </Button>
        </Group>
        <RunProgress
          run={run}
          onRetryFailed={() => submit()}
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
    </form>
  );
}
