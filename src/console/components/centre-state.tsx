import { Badge } from '@mantine/core';
import type { Billing, Standing } from '@/console/domain/centre';
import { useI18n, type I18n } from '@/console/lib/i18n';
import classes from './centre-state.module.css';

// A centre's state and billing in words (domain/centre.ts), the same on its page, in the overview
// and in the overview's export. The words are the licences area's: a screen that shows them loads
// it.

/** 2.9 in words: the service's portal (PROCESSOR) or the parent that bills it (PARTNER_SELF). */
export function billingText(t: I18n['t'], billing: Billing): string {
  if (billing.mode === 'PROCESSOR') return t('licences.billing.processor');
  if (billing.mode === 'PARTNER_SELF')
    return billing.managedBy
      ? t('licences.billing.partner', { managedBy: billing.managedBy })
      : t('licences.billing.parent');
  return t('licences.billing.other', { mode: billing.value });
}

/** The state in one word; a status 3.1 does not name stays visible as it came. */
export const stateText = (t: I18n['t'], state: Standing): string =>
  typeof state === 'string'
    ? t(`licences.state.${state}`)
    : t('licences.state.unknown', { status: state.unknown });

// Tinted badges whose text passes WCAG AA contrast (teal, green, orange and yellow do not).
const STATE_COLOUR: Record<Exclude<Standing, { unknown: string }>, string> = {
  active: 'cyan',
  suspended: 'red',
  cancelled: 'red',
  'no-contract': 'gray',
  'no-licences': 'gray',
};

export function StateBadge({ state }: { state: Standing }) {
  const { t } = useI18n();
  return (
    <Badge
      variant="light"
      color={typeof state === 'string' ? STATE_COLOUR[state] : 'gray'}
      classNames={{ root: classes.badge, label: classes.label }}
    >
      {stateText(t, state)}
    </Badge>
  );
}

/** 2.11: a pay-per-use centre (4.7 shape 3). */
export function PayPerUseBadge() {
  const { t } = useI18n();
  return (
    <Badge variant="light" color="grape" classNames={{ root: classes.badge, label: classes.label }}>
      {t('licences.payPerUse')}
    </Badge>
  );
}
