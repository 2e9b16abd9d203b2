import { ca } from './ca.ts';
import { en, type Catalogue } from './en.ts';
import { es } from './es.ts';
import type { Language } from './index.tsx';

/** Every catalogue at once, for tests (the app loads Spanish and Catalan on demand). */
export const catalogues: Record<Language, Catalogue> = { en, es, ca };
