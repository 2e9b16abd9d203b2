import { LANGS, type DoctorRowInput, type Lang, type RowField } from '../doctor-row.ts';

// The names clinics give their columns and values, in English, Spanish and Catalan, folded
// (no accents, case, spaces or punctuation) so that "Correo electrónico", "correo_electronico"
// and "CORREO ELECTRONICO" are one name.

export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const HEADER_NAMES: Record<RowField, readonly string[]> = {
  name: ['name', 'firstname', 'givenname', 'forename', 'nombre', 'nombredepila', 'nom'],
  lastname: ['lastname', 'surname', 'surnames', 'familyname', 'apellidos', 'apellido', 'cognoms', 'cognom'],
  email: [
    'email',
    'mail',
    'emailaddress',
    'correo',
    'correoelectronico',
    'correu',
    'correuelectronic',
    'correue',
  ],
  doctorId: [
    'doctorid',
    'id',
    'externalid',
    'iddoctor',
    'idmedico',
    'idmetge',
    'identificador',
    'codigo',
    'codi',
    'code',
  ],
  doctorSpeciality: [
    'doctorspeciality',
    'speciality',
    'specialty',
    'specialityid',
    'specialtyid',
    'especialidad',
    'idespecialidad',
    'especialitat',
  ],
  lang: ['lang', 'language', 'languagecode', 'idioma', 'lengua', 'llengua'],
  keywords: [
    'keywords',
    'keyword',
    'doctordictionary',
    'dictionary',
    'tags',
    'terms',
    'palabrasclave',
    'diccionario',
    'terminos',
    'etiquetas',
    'paraulesclau',
    'diccionari',
    'termes',
    'etiquetes',
  ],
};

const FIELD_BY_HEADER = new Map<string, RowField>(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((name) => [name, field as RowField])),
);

/** The field a column header names, if it is one we know. */
export const fieldOfHeader = (header: string): RowField | undefined => FIELD_BY_HEADER.get(fold(header));

/** Each column's field, or null; a field claimed by an earlier column is not claimed twice. */
export function mapHeaders(headers: readonly string[]): (RowField | null)[] {
  const taken = new Set<RowField>();
  return headers.map((header) => {
    const field = fieldOfHeader(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

const LANGUAGE_NAMES: Record<Lang, readonly string[]> = {
  ES: ['es', 'spanish', 'espanol', 'castellano', 'castella', 'espanyol'],
  EN: ['en', 'english', 'ingles', 'angles'],
  CA: ['ca', 'catalan', 'catala'],
  FR: ['fr', 'french', 'frances', 'francais'],
  DE: ['de', 'german', 'aleman', 'alemany', 'deutsch'],
  IT: ['it', 'italian', 'italiano', 'italia'],
  PT: ['pt', 'portuguese', 'portugues'],
};
const LANG_BY_NAME = new Map<string, Lang>(
  LANGS.flatMap((lang) => LANGUAGE_NAMES[lang].map((name) => [name, lang] as const)),
);

/** "es", "Español", "catalán" → ES, CA; anything else stays as written (and fails its rule, D4). */
export const langOfCell = (cell: string): string => LANG_BY_NAME.get(fold(cell)) ?? cell.trim();

/** A file's row as a form row, through the column mapping. */
export function rowOfCells(cells: readonly string[], mapping: readonly (RowField | null)[]): DoctorRowInput {
  const row: DoctorRowInput = {
    name: '',
    lastname: '',
    email: '',
    doctorId: '',
    doctorSpeciality: '',
    lang: '',
    keywords: [],
  };
  mapping.forEach((field, column) => {
    const cell = cells[column] ?? '';
    if (field === null) return;
    if (field === 'keywords')
      row.keywords = cell
        .split(/[,;]/)
        .map((term) => term.trim())
        .filter(Boolean);
    else if (field === 'lang') row.lang = langOfCell(cell);
    else row[field] = cell.trim();
  });
  return row;
}
