import { Alert, Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import classes from '../doctors.module.css';
import type { CsvProblem } from './read-doctors-csv.ts';

/** Where a clinic's file is picked or dropped. */
export function FilePicker({
  another,
  reading,
  disabled,
  onChoose,
}: {
  /** A file is already open: the button offers another. */
  another: boolean;
  reading: boolean;
  disabled: boolean;
  onChoose: (file: File | null) => void;
}) {
  const { t } = useI18n();
  const [dragging, setDragging] = useState(false);
  return (
    <Paper
      withBorder
      p="lg"
      className={dragging ? classes.dropActive : classes.drop}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onChoose(event.dataTransfer.files[0] ?? null);
      }}
    >
      <Stack gap="xs" align="flex-start">
        <Group gap="sm">
          <FileButton onChange={onChoose} accept=".csv,.txt,text/csv,text/plain">
            {(props) => (
              <Button {...props} disabled={reading || disabled}>
                {another ? t('import.chooseAnother') : t('import.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('import.drop')}
          </Text>
          {reading ? <Loader size="sm" aria-label={t('import.reading')} /> : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('import.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Why a file was refused (it changed nothing on screen). */
export function FileProblem({ name, problem }: { name: string; problem: CsvProblem }) {
  const { t } = useI18n();
  return (
    <Alert color="red" role="alert" title={t('import.problem.title', { name })}>
      {problem.kind === 'malformed'
        ? t('import.problem.malformed', { row: problem.row })
        : t(`import.problem.${problem.kind}`)}
    </Alert>
  );
}
