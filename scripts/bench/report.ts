// The bench's table in Markdown: each figure as measured, its target, whether it is met, and the
// same-run reference, with the machine's load before and after (the machine may be shared).

export interface Row {
  figure: string;
  measured: number[];
  unit: string;
  target: string;
  met: boolean;
  reference: string;
  detail?: string;
}

export interface Run {
  date: string;
  durationSeconds: number;
  settings: { runs: number; rounds: number; seconds: number; chromium: string; node: string; cores: number };
  load: { before: { uptime: string }; after: { uptime: string } };
  rows: Row[];
}

/**
 * A section whose rows could not be measured becomes one row that says why, and the run goes on to
 * write what it did measure: a missing variable in the audit section once ended a 25-minute run with
 * nothing written.
 */
export async function rowsOrFailure(figure: string, measure: () => Row[] | Promise<Row[]>): Promise<Row[]> {
  try {
    return await measure();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error(`bench: ${figure} not measured:`, error);
    return [
      {
        figure,
        measured: [],
        unit: '',
        target: 'measured',
        met: false,
        reference: '—',
        detail: `not measured: ${why.split('\n').filter(Boolean).slice(0, 4).join(' ')}`,
      },
    ];
  }
}

const format = (row: Row) =>
  row.measured.length === 0
    ? 'not measured'
    : row.measured.map((value) => `${value.toLocaleString('en')}`).join(' / ') +
      (row.unit ? ` ${row.unit}` : '');

export function renderResults(run: Run): string {
  const missed = run.rows.filter((row) => !row.met);
  const lines = [
    '# Bench results',
    '',
    `Measured ${run.date} in ${run.durationSeconds} s by \`npm run bench\` (${run.settings.runs} run(s) per page, median; ${run.settings.rounds} proxy round(s) of ${run.settings.seconds} s; Node ${run.settings.node}; ${run.settings.chromium}).`,
    '',
    `Load before: \`${run.load.before.uptime}\``,
    `Load after: \`${run.load.after.uptime}\``,
    '',
    '| figure | measured | target | met | same-run reference |',
    '| --- | --- | --- | --- | --- |',
    ...run.rows.map(
      (row) =>
        `| ${row.figure} | ${format(row)} | ${row.target} | ${row.met ? 'yes' : '**no**'} | ${row.reference} |`,
    ),
    '',
    missed.length === 0
      ? 'Every target is met.'
      : `Targets missed: ${missed.map((row) => row.figure).join('; ')}.`,
    '',
    '## Details',
    '',
    ...run.rows.filter((row) => row.detail).map((row) => `- ${row.figure}: ${row.detail}`),
    '',
  ];
  return lines.join('\n');
}
