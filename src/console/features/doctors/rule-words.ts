import type { I18n, MessageKey } from '@/console/lib/i18n';
import { SPECIALITY_MAX, type BrokenRule, type RowField } from './doctor-row.ts';

// The words under a field that breaks its rule (schemas carry no words, lib/form-kit.ts): the
// field's rule, or, for a value too long or a number too large, the limit and what was given.

const RULE_MESSAGES: Record<RowField, MessageKey> = {
  name: 'row.rule.name',
  lastname: 'row.rule.name',
  email: 'row.rule.email',
  doctorId: 'row.rule.doctorId',
  doctorSpeciality: 'row.rule.speciality',
  lang: 'row.rule.lang',
  keywords: 'row.rule.keywords',
};

export function ruleWords(
  field: RowField,
  broken: BrokenRule | undefined,
  { t, formatNumber }: Pick<I18n, 't' | 'formatNumber'>,
): string {
  if (broken?.rule === 'tooLong')
    return t('row.rule.tooLong', { max: formatNumber(broken.max), length: formatNumber(broken.length) });
  if (broken?.rule === 'tooBig') return t('row.rule.tooBig', { max: formatNumber(broken.max) });
  return t(RULE_MESSAGES[field], { max: formatNumber(SPECIALITY_MAX) });
}
