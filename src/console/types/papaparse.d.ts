// papaparse ships no types of its own, and @types/papaparse pulls Node's types into the console's
// project (it references them for streams): these are the few calls the console and its tests
// make, on strings. Checked against papaparse 5.7's documentation (papaparse.com/docs).
declare module 'papaparse' {
  export interface ParseError {
    type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
    code: string;
    message: string;
    row?: number;
  }

  export interface ParseResult<T> {
    data: T[];
    errors: ParseError[];
    meta: { delimiter: string; linebreak: string; aborted: boolean; truncated: boolean; cursor: number };
  }

  export interface ParseConfig {
    delimiter?: string;
    delimitersToGuess?: string[];
    newline?: string;
    quoteChar?: string;
    header?: false;
    skipEmptyLines?: boolean | 'greedy';
    preview?: number;
  }

  export interface UnparseConfig {
    quotes?: boolean | boolean[];
    quoteChar?: string;
    escapeChar?: string;
    delimiter?: string;
    header?: boolean;
    newline?: string;
    skipEmptyLines?: boolean | 'greedy';
    columns?: string[];
    escapeFormulae?: boolean | RegExp;
  }

  /** Rows as arrays, or `{ fields, data }`: a header row and the rows under it. */
  export type UnparseInput =
    readonly (readonly unknown[])[] | { fields: readonly string[]; data: readonly (readonly unknown[])[] };

  export function parse<T = unknown>(input: string, config?: ParseConfig): ParseResult<T>;
  export function unparse(data: UnparseInput, config?: UnparseConfig): string;

  const papa: { parse: typeof parse; unparse: typeof unparse };
  export default papa;
}
