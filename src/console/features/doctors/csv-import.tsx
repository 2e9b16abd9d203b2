import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { downloadText } from '@/console/lib/download';
import { useI18n, type I18n } from '@/console/lib/i18n';
import { ColumnMapping } from './csv/column-mapping.tsx';
import { EditRowDialog } from './csv/edit-row-dialog.tsx';
import { FilePicker, FileProblem } from './csv/file-picker.tsx';
import { PreviewTable } from './csv/preview-table.tsx';
import { PreviewToolbar, type Filter } from './csv/preview-toolbar.tsx';
import type { CsvFile } from './csv/read-doctors-csv.ts';
import { useCsvFile } from './csv/use-csv-file.ts';
import { resultsCsv } from './csv/results-csv.ts';
import { failedInPassing, importRows } from './csv/import-rows.ts';
import { checkRows, isReady, serverFieldErrors, type RowCheck } from './csv/row-checks.ts';
import type { DoctorRowInput, RowField } from './doctor-row.ts';
import { outcomeHeaders, outcomeOf } from './rows-results.ts';
import { LeaveWhileSending, RunProgress } from './run-progress.tsx';
import { useRegistrationRun } from './use-registration-run.ts';

/** A row open in the edit dialog, with what the service refused in it. */
interface Editing {
  index: number;
  refused: Partial<Record<RowField, string>>;
}

/**
 * A clinic's spreadsheet: picked or dropped, read (csv/read-doctors-csv.ts), its columns mapped
 * (automatically, else by hand), every row validated and editable in a virtualised preview, then
 * registered one doctor per request (D4) with progress, retry of the failed rows and a results file.
 * A wrong file is refused with its reason and changes nothing already on screen.
 */
export function CsvImport({ target }: { target: number }) {
  const { t } = useI18n();
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const { run, blocker, refresh } = useRegistrationRun(target);
  const progress = run.progress();
  const csv = useCsvFile(() => {
    run.clear();
    setFilter('all');
  });
  const { rows, keyOf, file } = csv;
  const checks = useMemo(() => checkRows(rows), [rows]);
  const ready = checks.filter(isReady).length;
  const importing = importRows(rows, checks, run, keyOf, target);
  const shown = useShownRows({ rows, checks, filter, file, run, importing, keyOf });

  const register = (indexes: readonly number[]) => {
    run.start(indexes.map((index) => ({ key: keyOf(index), prepare: () => importing.prepare(index) })));
    void run.idle().then(() => refresh());
  };

  return (
    <Stack gap="md">
      <FilePicker
        another={file !== undefined}
        reading={csv.reading}
        disabled={progress.running}
        onChoose={(picked) => {
          if (picked && !csv.reading && !progress.running) void csv.choose(picked);
        }}
      />
      {csv.problem ? <FileProblem name={csv.problem.name} problem={csv.problem.problem} /> : null}
      {csv.stage === 'mapping' && file ? (
        <ColumnMapping
          file={file}
          mapping={csv.mapping}
          onChange={csv.setMapping}
          onContinue={csv.applyMapping}
          onCancel={() => csv.setStage(rows.length > 0 ? 'preview' : 'pick')}
        />
      ) : null}
      {csv.stage === 'preview' && file ? (
        <Stack gap="sm">
          <PreviewToolbar
            file={file}
            counts={{
              rows: rows.length,
              ready,
              toFix: importing.toFixCount,
              failed: progress.failed,
              sendable: importing.sendable,
            }}
            filter={filter}
            onFilter={setFilter}
            running={progress.running}
            onRemap={() => csv.setStage('mapping')}
            onRegister={() => register(rows.map((_, index) => index))}
          />
          <RunProgress
            run={run}
            onRetryFailed={() => register(importing.failedIndexes())}
            onDownload={() =>
              void downloadResults(
                file,
                csv.mapping,
                rows,
                (index) => outcomeOf(run.status(keyOf(index)), t),
                t,
              )
            }
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
      <RowEditor
        editing={editing}
        rows={rows}
        target={target}
        onClose={() => setEditing(null)}
        onSave={(at, row) => {
          csv.setRows((previous) => previous.map((current, index) => (index === at ? row : current)));
          setEditing(null);
        }}
      />
      <LeaveWhileSending blocker={blocker} />
    </Stack>
  );
}

/** The rows the preview shows under its filter (every row, those to fix, or those that failed). */
function useShownRows({
  rows,
  checks,
  filter,
  file,
  run,
  importing,
  keyOf,
}: {
  rows: readonly DoctorRowInput[];
  checks: readonly RowCheck[];
  filter: Filter;
  file: CsvFile | undefined;
  run: ReturnType<typeof useRegistrationRun>['run'];
  importing: ReturnType<typeof importRows>;
  keyOf: (index: number) => string;
}) {
  return useMemo(() => {
    const all = rows.map((_, index) => index);
    if (filter === 'problems') return all.filter((index) => importing.toFix(index));
    if (filter === 'failed') return all.filter((index) => failedInPassing(run.status(keyOf(index))));
    return all;
    // The run's states change without a new `rows`; the version makes the filter follow them.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [rows, checks, filter, file, run, run.version()]);
}

/** The dialog that edits one row of the file, with the service's refusals on its fields. */
function RowEditor({
  editing,
  rows,
  target,
  onClose,
  onSave,
}: {
  editing: Editing | null;
  rows: readonly DoctorRowInput[];
  target: number;
  onClose: () => void;
  onSave: (index: number, row: DoctorRowInput) => void;
}) {
  const row = editing ? rows[editing.index] : undefined;
  if (!editing || !row) return null;
  return (
    <EditRowDialog
      number={editing.index + 1}
      row={row}
      target={target}
      refused={editing.refused}
      onClose={onClose}
      onSave={(edited) => onSave(editing.index, edited)}
    />
  );
}

/** The file's own columns (edits applied), then each row's result (csv/results-csv.ts). */
async function downloadResults(
  file: CsvFile,
  mapping: readonly (RowField | null)[],
  rows: readonly DoctorRowInput[],
  outcome: (index: number) => ReturnType<typeof outcomeOf>,
  t: I18n['t'],
) {
  const text = await resultsCsv({
    headers: file.headers,
    cells: file.rows,
    mapping,
    rows,
    outcomes: rows.map((_, index) => outcome(index)),
    outcomeHeaders: outcomeHeaders(t),
    delimiter: file.delimiter,
  });
  downloadText(text, `${file.name.replace(/\.[^.]*$/, '')}-results.csv`);
}
