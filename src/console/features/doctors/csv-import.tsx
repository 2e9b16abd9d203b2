import {
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { doctorRowSchema, requestOf, type DoctorRowInput, type RowField } from './doctor-row.ts';
import { ColumnMapping } from './csv/column-mapping.tsx';
import { EditRowDialog } from './csv/edit-row-dialog.tsx';
import { rowOfCells } from './csv/header-mapping.ts';
import { PreviewTable } from './csv/preview-table.tsx';
import { missingFields, readDoctorsCsv, type CsvFile, type CsvProblem } from './csv/read-doctors-csv.ts';
import { downloadText } from '@/console/lib/download';
import { resultsCsv } from './csv/results-csv.ts';
import { checkRows, isReady, serverFieldErrors } from './csv/row-checks.ts';
import classes from './doctors.module.css';
import { outcomeHeaders, outcomeOf } from './rows-results.ts';
import { LeaveWhileSending, RunProgress } from './run-progress.tsx';
import { useRegistrationRun } from './use-registration-run.ts';

type Filter = 'all' | 'problems' | 'failed';

interface Loaded {
  file: CsvFile;
  /** Distinguishes this file's rows from an earlier file's in the run's states. */
  generation: number;
}

/**
 * A clinic's spreadsheet: picked or dropped, read (csv/read-doctors-csv.ts), its columns mapped
 * (automatically, else by hand), every row validated and editable in a virtualised preview, then
 * registered one doctor per request (D4) with progress, retry of the failed rows and a results file.
 * A wrong file is refused with its reason and changes nothing already on screen.
 */
export function CsvImport({ target }: { target: number }) {
  const { t, formatNumber } = useI18n();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<(RowField | null)[]>([]);
  const [stage, setStage] = useState<'pick' | 'mapping' | 'preview'>('pick');
  const [rows, setRows] = useState<DoctorRowInput[]>([]);
  const [problem, setProblem] = useState<{ name: string; problem: CsvProblem } | null>(null);
  const [reading, setReading] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<{
    index: number;
    refused: Partial<Record<RowField, string>>;
  } | null>(null);
  const [dragging, setDragging] = useState(false);
  const { run, blocker, refresh } = useRegistrationRun(target);
  const progress = run.progress();

  const generation = loaded?.generation ?? 0;
  const keyOf = (index: number) => `${generation}:${index}`;
  const checks = useMemo(() => checkRows(rows), [rows]);
  const ready = checks.filter(isReady).length;
  // What "Register" would send: ready rows not registered yet (D4: a registered row never goes again).
  const sendable = rows.filter(
    (_, index) => isReady(checks[index]) && run.status(keyOf(index))?.state !== 'registered',
  ).length;
  const shown = useMemo(() => {
    const all = rows.map((_, index) => index);
    if (filter === 'problems') return all.filter((index) => !isReady(checks[index]));
    if (filter === 'failed')
      return all.filter((index) => run.status(`${generation}:${index}`)?.state === 'failed');
    return all;
    // The run's states change without a new `rows`; the version makes the filter follow them.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [rows, checks, filter, generation, run, run.version()]);

  const choose = async (file: File | null) => {
    if (!file || reading || progress.running) return;
    setReading(true);
    const read = await readDoctorsCsv(file);
    setReading(false);
    if (!read.ok) {
      // A wrong file changes nothing: what was on screen stays.
      setProblem({ name: file.name, problem: read.problem });
      return;
    }
    setProblem(null);
    run.clear();
    setLoaded({ file: read.file, generation: generation + 1 });
    setMapping(read.file.mapping);
    setFilter('all');
    const needsMapping = read.file.mapping.includes(null) || missingFields(read.file.mapping).length > 0;
    if (needsMapping) setStage('mapping');
    else showPreview(read.file, read.file.mapping);
  };
  const showPreview = (file: CsvFile, columns: readonly (RowField | null)[]) => {
    setRows(file.rows.map((cells) => rowOfCells(cells, columns)));
    setStage('preview');
  };

  const register = (indexes: readonly number[]) => {
    run.start(
      indexes.map((index) => ({
        key: keyOf(index),
        prepare: () => {
          const row = rows[index];
          // D4: a row that breaks a rule, or shares its doctor id with another, is not sent.
          if (!row || !isReady(checks[index])) return { ok: false };
          const key = keyOf(index);
          return { ok: true, request: { key, request: requestOf(target, doctorRowSchema.parse(row)) } };
        },
      })),
    );
    void run.idle().then(() => refresh());
  };
  const failedIndexes = () =>
    rows.map((_, index) => index).filter((index) => run.status(keyOf(index))?.state === 'failed');

  const downloadResults = async () => {
    if (!loaded) return;
    const text = await resultsCsv({
      headers: loaded.file.headers,
      cells: loaded.file.rows,
      mapping,
      rows,
      outcomes: rows.map((_, index) => outcomeOf(run.status(keyOf(index)), t)),
      outcomeHeaders: outcomeHeaders(t),
      delimiter: loaded.file.delimiter,
    });
    downloadText(text, `${loaded.file.name.replace(/\.[^.]*$/, '')}-results.csv`);
  };

  const picker = (
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
        void choose(event.dataTransfer.files[0] ?? null);
      }}
    >
      <Stack gap="xs" align="flex-start">
        <Group gap="sm">
          <FileButton onChange={(file) => void choose(file)} accept=".csv,.txt,text/csv,text/plain">
            {(props) => (
              <Button {...props} disabled={reading || progress.running}>
                {loaded ? t('import.chooseAnother') : t('import.choose')}
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

  return (
    <Stack gap="md">
      {picker}
      {problem ? (
        <Alert color="red" role="alert" title={t('import.problem.title', { name: problem.name })}>
          {problem.problem.kind === 'malformed'
            ? t('import.problem.malformed', { row: problem.problem.row })
            : t(`import.problem.${problem.problem.kind}`)}
        </Alert>
      ) : null}
      {stage === 'mapping' && loaded ? (
        <ColumnMapping
          file={loaded.file}
          mapping={mapping}
          onChange={setMapping}
          onContinue={() => showPreview(loaded.file, mapping)}
          onCancel={() => setStage(rows.length > 0 ? 'preview' : 'pick')}
        />
      ) : null}
      {stage === 'preview' && loaded ? (
        <Stack gap="sm">
          <Text size="sm">
            {t('preview.summary', {
              name: loaded.file.name,
              rows: formatNumber(rows.length),
              ready: formatNumber(ready),
              problems: formatNumber(rows.length - ready),
              encoding: loaded.file.encoding.toUpperCase(),
              separator: t(`preview.separator.${separatorName(loaded.file.delimiter)}`),
            })}
          </Text>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <SegmentedControl
              value={filter}
              onChange={(value) => setFilter(value === 'problems' || value === 'failed' ? value : 'all')}
              aria-label={t('preview.filter')}
              data={[
                { value: 'all', label: t('preview.filter.all', { count: rows.length }) },
                { value: 'problems', label: t('preview.filter.problems', { count: rows.length - ready }) },
                { value: 'failed', label: t('preview.filter.failed', { count: progress.failed }) },
              ]}
            />
            <Group gap="sm">
              <Button variant="default" onClick={() => setStage('mapping')} disabled={progress.running}>
                {t('preview.remap')}
              </Button>
              <Button
                onClick={() => register(rows.map((_, index) => index))}
                disabled={progress.running || sendable === 0}
              >
                {t('preview.register', { count: sendable })}
              </Button>
            </Group>
          </Group>
          <RunProgress
            run={run}
            onRetryFailed={() => register(failedIndexes())}
            onDownload={() => void downloadResults()}
          />
          <PreviewTable
            rows={rows}
            checks={checks}
            shown={shown}
            keyOf={keyOf}
            run={run}
            onEdit={(index) => setEditing({ index, refused: serverFieldErrors(run.status(keyOf(index))) })}
          />
        </Stack>
      ) : null}
      {editing && rows[editing.index] ? (
        <EditRowDialog
          number={editing.index + 1}
          row={rows[editing.index] as DoctorRowInput}
          target={target}
          refused={editing.refused}
          onClose={() => setEditing(null)}
          onSave={(row) => {
            setRows((previous) =>
              previous.map((current, index) => (index === editing.index ? row : current)),
            );
            setEditing(null);
          }}
        />
      ) : null}
      <LeaveWhileSending blocker={blocker} />
    </Stack>
  );
}

function separatorName(delimiter: string): 'comma' | 'semicolon' | 'tab' | 'other' {
  return delimiter === ',' ? 'comma' : delimiter === ';' ? 'semicolon' : delimiter === '\t' ? 'tab' : 'other';
}
