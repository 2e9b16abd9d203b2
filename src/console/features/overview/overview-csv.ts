import type { OverviewRow } from './overview-rules.ts';

/** A cell of the exported table: what the screen shows, in words a spreadsheet keeps. */
export type CsvCell = string | number;

/** The columns of the export, each a header and how a row fills it (words come from the screen). */
export interface CsvColumn {
  header: string;
  value: (row: OverviewRow) => CsvCell;
}

/**
 * The overview's rows as CSV, with papaparse loaded only now (a heavy library a screen uses only
 * on demand). Cells that a spreadsheet would run as formulas (`=`, `+`, `-`, `@`…) are escaped: a
 * centre's name comes from whoever created it. A byte-order mark tells spreadsheets it is UTF-8.
 */
export async function overviewCsv(
  rows: readonly OverviewRow[],
  columns: readonly CsvColumn[],
): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row))),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return `\uFEFF${csv}`;
}
