import type { RowField } from '../doctor-row.ts';
import { decodeText, type TextEncoding } from './decode-text.ts';
import { mapHeaders } from './header-mapping.ts';

// Reading a clinic's spreadsheet export: limits first (nothing is read past them), then the bytes
// to text (decode-text.ts), then papaparse, loaded only now: a file was chosen (bundle budget).

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_ROWS = 10_000;

export type CsvProblem =
  | { kind: 'empty' }
  | { kind: 'too-large' }
  | { kind: 'not-text' }
  | { kind: 'no-header' }
  | { kind: 'no-rows' }
  | { kind: 'too-many-rows' }
  /** A quote opened and never closed, or text after a closing quote: `row` counts from the header. */
  | { kind: 'malformed'; row: number };

export interface CsvFile {
  name: string;
  encoding: TextEncoding;
  delimiter: string;
  headers: string[];
  /** The data rows, every one as long as the header row. */
  rows: string[][];
  /** Each column's field, as recognised from its header (null: not recognised). */
  mapping: (RowField | null)[];
}

export type CsvRead = { ok: true; file: CsvFile } | { ok: false; problem: CsvProblem };

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A first row made of data, not names: an e-mail address or a number where a name would be. */
const looksLikeData = (cells: readonly string[]) =>
  cells.some((cell) => EMAIL_LIKE.test(cell.trim()) || /^\d+$/.test(cell.trim()));

/** The bytes of a file: Blob.arrayBuffer where the platform has it, else through a Response. */
const bytesOf = async (file: Blob): Promise<Uint8Array> =>
  new Uint8Array(
    typeof file.arrayBuffer === 'function'
      ? await file.arrayBuffer()
      : await new Response(file).arrayBuffer(),
  );

export async function readDoctorsCsv(file: File): Promise<CsvRead> {
  if (file.size === 0) return { ok: false, problem: { kind: 'empty' } };
  if (file.size > MAX_FILE_BYTES) return { ok: false, problem: { kind: 'too-large' } };
  const decoded = decodeText(await bytesOf(file));
  if (!decoded.ok) return { ok: false, problem: { kind: 'not-text' } };
  return parseDoctorsCsv(decoded.text, { name: file.name, encoding: decoded.encoding });
}

export async function parseDoctorsCsv(
  text: string,
  source: { name: string; encoding: TextEncoding },
): Promise<CsvRead> {
  // Nothing but separators, spaces and line breaks: an empty sheet saved as CSV.
  if (!/[\p{L}\p{N}]/u.test(text)) return { ok: false, problem: { kind: 'empty' } };
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text, {
    // Comma, or semicolon (Spanish spreadsheets, whose decimal separator is the comma), or tab.
    delimitersToGuess: [',', ';', '\t', '|'],
    // "greedy": a line of nothing but separators (`;;;;`, a spreadsheet's empty row) is blank too.
    skipEmptyLines: 'greedy',
    // One row more than allowed (plus the header) is enough to know there are too many.
    preview: MAX_ROWS + 2,
  });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) return { ok: false, problem: { kind: 'malformed', row: (broken.row ?? 0) + 1 } };
  const [first, ...data] = parsed.data;
  if (!first || first.every((cell) => cell.trim() === '')) return { ok: false, problem: { kind: 'empty' } };
  const headers = first.map((cell) => cell.trim());
  const mapping = mapHeaders(headers);
  if (mapping.every((field) => field === null) && looksLikeData(headers))
    return { ok: false, problem: { kind: 'no-header' } };
  if (data.length === 0) return { ok: false, problem: { kind: 'no-rows' } };
  if (data.length > MAX_ROWS) return { ok: false, problem: { kind: 'too-many-rows' } };
  return {
    ok: true,
    file: {
      ...source,
      delimiter: parsed.meta.delimiter,
      headers,
      rows: data.map((cells) => headers.map((_, column) => cells[column] ?? '')),
      mapping,
    },
  };
}

/** Whether every required field of 2.2 has a column (the optional ones may be left out). */
export const REQUIRED_FIELDS: readonly RowField[] = [
  'name',
  'lastname',
  'doctorId',
  'doctorSpeciality',
  'lang',
];

export const missingFields = (mapping: readonly (RowField | null)[]): RowField[] =>
  REQUIRED_FIELDS.filter((field) => !mapping.includes(field));
