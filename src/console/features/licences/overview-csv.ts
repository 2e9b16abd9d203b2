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

/** Hands the text to the browser as a file download. */
export function download(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
