import type { I18n } from '@/console/lib/i18n';

// What a template's numeric fields say (2.13), in the table and the drawer alike: the service
// gives a kind and a speciality as numbers only, and 0 marks a template of no speciality.

/** "No. 1": a kind the service does not name, said as the number it is. */
export const kindWords = (t: I18n['t'], type: number) => t('templates.kind.value', { type });

/** "No speciality" for 0; else the speciality's number (spec 2.2: the list of names is not shown). */
export const specialityWords = (t: I18n['t'], id: number) =>
  id === 0 ? t('templates.speciality.none') : t('templates.speciality.value', { id });
