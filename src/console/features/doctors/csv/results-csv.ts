import type { DoctorRowInput, RowField } from '../doctor-row.ts';

// "Download results": the rows as they were sent (the file's own columns, with the preview's
// edits), then each row's outcome: the service's id or the error in words. Written by papaparse,
// in the file's own separator, in UTF-8 with a byte-order mark so that a spreadsheet opens the
// accents right.

export interface RowOutcome {
  result: string;
  serviceId: string;
  error: string;
}

export interface ResultsInput {
  headers: readonly string[];
  /** The file's cells of each row (unmapped columns come from here). */
  cells: readonly (readonly string[])[];
  mapping: readonly (RowField | null)[];
  /** Each row as it stands now (mapped columns come from here). */
  rows: readonly DoctorRowInput[];
  outcomes: readonly RowOutcome[];
  /** The three outcome columns' names, in the UI language. */
  outcomeHeaders: readonly [string, string, string];
  delimiter: string;
}

const cellOf = (row: DoctorRowInput, field: RowField): string =>
  field === 'keywords' ? row.keywords.join(', ') : row[field];

export async function resultsCsv(input: ResultsInput): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const body = input.rows.map((row, index) => {
    const original = input.cells[index] ?? [];
    const outcome = input.outcomes[index] ?? { result: '', serviceId: '', error: '' };
    return [
      ...input.headers.map((_, column) => {
        const field = input.mapping[column];
        return field ? cellOf(row, field) : (original[column] ?? '');
      }),
      outcome.result,
      outcome.serviceId,
      outcome.error,
    ];
  });
  const text = Papa.unparse([[...input.headers, ...input.outcomeHeaders], ...body], {
    delimiter: input.delimiter,
    newline: '\r\n',
    // A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection).
    escapeFormulae: true,
  });
  return `\uFEFF${text}\r\n`;
}
