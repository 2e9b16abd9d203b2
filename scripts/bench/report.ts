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

const format = (row: Row) =>
  row.measured.map((value) => `${value.toLocaleString('en')}`).join(' / ') + (row.unit ? ` ${row.unit}` : '');

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
