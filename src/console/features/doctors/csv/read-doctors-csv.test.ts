import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.ts';
import { langOfCell, mapHeaders, rowOfCells } from './header-mapping.ts';
import { MAX_FILE_BYTES, MAX_ROWS, missingFields, readDoctorsCsv } from './read-doctors-csv.ts';

/** Windows-1252 bytes of Latin-1 text (the accents clinics type: á é í ó ú ñ ç à è ò ï ü l·l). */
function windows1252(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (code > 0xff) throw new Error(`${char} is not Latin-1`);
    return code;
  });
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]);
const file = (bytes: Uint8Array<ArrayBuffer> | string, name = 'doctors.csv') =>
  new File([bytes], name, { type: 'text/csv' });

async function read(bytes: Uint8Array<ArrayBuffer> | string) {
  const result = await readDoctorsCsv(file(bytes));
  if (!result.ok) throw new Error(`not read: ${result.problem.kind}`);
  return result.file;
}

const SPANISH =
  'Nombre;Apellidos;Correo electrónico;ID médico;Especialidad;Idioma\r\nJosé;Núñez Peña;jose@clinica.es;D-1;12;Español\r\n';

describe('decoding a file’s bytes', () => {
  it('reads UTF-8 with and without a byte-order mark, dropping the mark', () => {
    expect(decodeText(utf8('Núñez'))).toEqual({ ok: true, text: 'Núñez', encoding: 'utf-8' });
    expect(decodeText(withBom(utf8('Núñez')))).toEqual({ ok: true, text: 'Núñez', encoding: 'utf-8' });
  });

  it('reads Windows-1252 when the bytes are not UTF-8, including the euro sign and curly quotes', () => {
    expect(decodeText(windows1252('Núñez Çà'))).toEqual({
      ok: true,
      text: 'Núñez Çà',
      encoding: 'windows-1252',
    });
    // 0x80 is € and 0x93/0x94 are “ ” in Windows-1252, not in Latin-1.
    expect(decodeText(Uint8Array.from([0x80, 0x20, 0x93, 0x61, 0x94]))).toMatchObject({ text: '€ “a”' });
  });

  it('reads UTF-16 with its byte-order mark (Excel’s “Unicode text”)', () => {
    const le = Uint8Array.from([0xff, 0xfe, ...[...'Ñu'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeText(le)).toEqual({ ok: true, text: 'Ñu', encoding: 'utf-16le' });
  });

  it('refuses bytes that are not text', () => {
    expect(decodeText(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({
      ok: false,
      reason: 'not-text',
    });
  });
});

describe('reading a doctors CSV', () => {
  it('reads a semicolon-separated Windows-1252 Spanish export and maps its headers', async () => {
    const read1252 = await read(windows1252(SPANISH));
    expect(read1252.encoding).toBe('windows-1252');
    expect(read1252.delimiter).toBe(';');
    expect(read1252.mapping).toEqual(['name', 'lastname', 'email', 'doctorId', 'doctorSpeciality', 'lang']);
    expect(read1252.rows).toEqual([['José', 'Núñez Peña', 'jose@clinica.es', 'D-1', '12', 'Español']]);
    // The same file in UTF-8 with a BOM reads the same.
    const readUtf8 = await read(withBom(utf8(SPANISH)));
    expect(readUtf8.encoding).toBe('utf-8');
    expect(readUtf8.rows).toEqual(read1252.rows);
    expect(readUtf8.headers[0]).toBe('Nombre');
  });

  it('reads comma-separated files with quoted fields holding separators, quotes and line breaks', async () => {
    const csv =
      'first name,last name,email,doctor id,speciality,language,keywords\n' +
      '"Ana, María","O""Brien",,D-2,7,en,"cardiology, echo"\n' +
      '"Pau","Serra\nVidal",pau@example.com,D-3,8,CA,\n';
    const read2 = await read(csv);
    expect(read2.delimiter).toBe(',');
    expect(read2.rows).toEqual([
      ['Ana, María', 'O"Brien', '', 'D-2', '7', 'en', 'cardiology, echo'],
      ['Pau', 'Serra\nVidal', 'pau@example.com', 'D-3', '8', 'CA', ''],
    ]);
    expect(rowOfCells(read2.rows[0] ?? [], read2.mapping)).toEqual({
      name: 'Ana, María',
      lastname: 'O"Brien',
      email: '',
      doctorId: 'D-2',
      doctorSpeciality: '7',
      lang: 'EN',
      keywords: ['cardiology', 'echo'],
    });
  });

  it('skips blank lines and lines of nothing but separators, and pads short rows', async () => {
    const read3 = await read(
      'nom;cognoms;idioma;codi;especialitat\n\nLaia;Puig;català;C-1;3\n;;;;\n   \nMarc;Font\n',
    );
    expect(read3.mapping).toEqual(['name', 'lastname', 'lang', 'doctorId', 'doctorSpeciality']);
    expect(read3.rows).toEqual([
      ['Laia', 'Puig', 'català', 'C-1', '3'],
      ['Marc', 'Font', '', '', ''],
    ]);
  });

  it('maps English, Spanish and Catalan header names, whatever their case, accents or punctuation', () => {
    expect(
      mapHeaders(['E-mail', 'Surname', 'Given name', 'Doctor ID', 'Specialty', 'Language', 'Keywords']),
    ).toEqual(['email', 'lastname', 'name', 'doctorId', 'doctorSpeciality', 'lang', 'keywords']);
    expect(
      mapHeaders(['NOMBRE', 'apellido', 'correo_electronico', 'Código', 'Palabras clave', 'Lengua']),
    ).toEqual(['name', 'lastname', 'email', 'doctorId', 'keywords', 'lang']);
    expect(
      mapHeaders(['Nom', 'Cognoms', 'Correu electrònic', 'Paraules clau', 'Llengua', 'Especialitat']),
    ).toEqual(['name', 'lastname', 'email', 'keywords', 'lang', 'doctorSpeciality']);
    // An unknown column is left for the manual step; a field is claimed once.
    expect(mapHeaders(['Nombre', 'Teléfono', 'name'])).toEqual(['name', null, null]);
    expect(missingFields(['name', null, null])).toEqual(['lastname', 'doctorId', 'doctorSpeciality', 'lang']);
  });

  it('reads language names in the three languages as the service’s codes', () => {
    expect(
      ['es', 'Español', 'castellano', 'CATALÀ', 'Catalán', 'anglès', 'Français', 'alemán', 'pt'].map(
        langOfCell,
      ),
    ).toEqual(['ES', 'ES', 'ES', 'CA', 'CA', 'EN', 'FR', 'DE', 'PT']);
    expect(langOfCell(' klingon ')).toBe('klingon');
  });
});

async function problemOf(input: File) {
  const result = await readDoctorsCsv(input);
  return result.ok ? 'read' : result.problem;
}

describe('a wrong file', () => {
  it('says empty, too large, not text, no header row, no rows or too many rows, and reads nothing', async () => {
    expect(await problemOf(file(''))).toEqual({ kind: 'empty' });
    expect(await problemOf(file('\n\n;;;\n'))).toEqual({ kind: 'empty' });
    const huge = new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'huge.csv');
    expect(await problemOf(huge)).toEqual({ kind: 'too-large' });
    expect(
      await problemOf(
        file(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]), 'photo.png'),
      ),
    ).toEqual({
      kind: 'not-text',
    });
    expect(await problemOf(file('Ana;García;ana@example.es;D-1;12;ES\n'))).toEqual({ kind: 'no-header' });
    expect(await problemOf(file('Nombre;Apellidos\n'))).toEqual({ kind: 'no-rows' });
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => `A;B;D-${i};1;ES`).join('\n');
    expect(await problemOf(file(`name;lastname;doctorId;speciality;lang\n${rows}`))).toEqual({
      kind: 'too-many-rows',
    });
    const exactly = Array.from({ length: MAX_ROWS }, (_, i) => `A;B;D-${i};1;ES`).join('\n');
    expect(await problemOf(file(`name;lastname;doctorId;speciality;lang\n${exactly}`))).not.toEqual({
      kind: 'too-many-rows',
    });
  });

  it('names the row of a quote that never closes', async () => {
    expect(await problemOf(file('name;lastname\nAna;García\n"Pau;Serra\nMarc;Font\n'))).toMatchObject({
      kind: 'malformed',
    });
  });
});
