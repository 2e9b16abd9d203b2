// What clinics send: UTF-8 with or without a byte-order mark (Excel's "CSV UTF-8" writes one),
// Windows-1252 from older Spanish spreadsheets, now and then UTF-16 from Excel's "Unicode text".
// The browser's own TextDecoder does the decoding; this only chooses which one.

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type Decoded = { ok: true; text: string; encoding: TextEncoding } | { ok: false; reason: 'not-text' };

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/** Control bytes no text file holds (NUL and friends; tab, line breaks and form feed are fine). */
function looksBinary(text: string): boolean {
  // oxlint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000E-\u001A\u001C-\u001F]/.test(text);
}

export function decodeText(bytes: Uint8Array): Decoded {
  let text: string;
  let encoding: TextEncoding;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    encoding = 'utf-8';
    // The decoder drops the byte-order mark itself (ignoreBOM is false by default).
    text = new TextDecoder('utf-8').decode(bytes);
  } else if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    text = new TextDecoder(encoding).decode(bytes);
  } else {
    try {
      // A strict decoder refuses any byte sequence that is not UTF-8: Windows-1252 text with an
      // accent ("García" as 0x47 0x61 0x72 0x63 0xED 0x61) never passes as UTF-8.
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      encoding = 'utf-8';
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
      encoding = 'windows-1252';
    }
  }
  if (looksBinary(text)) return { ok: false, reason: 'not-text' };
  return { ok: true, text, encoding };
}
