import { Alert, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import { severityOf, type Banner } from '@/console/domain/banners';
import type { Billing } from '@/console/domain/centre';
import classes from './licences.module.css';

/**
 * The centre's banners, most urgent first. A critical one (licences are off) is an `alert`, read
 * out at once; a notice (something will change) is a `status`, read when the reader is idle.
 */
export function LicenceBanners({ banners }: { banners: readonly Banner[] }) {
  const { t } = useI18n();
  if (banners.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('licences.banners')}>
      {banners.map((banner) => (
        <LicenceBanner key={banner.kind} banner={banner} />
      ))}
    </Stack>
  );
}

/** The words for what to do next depend on who bills the centre (2.9). */
const byBilling = (
  billing: Billing,
  processor: MessageKey,
  partner: MessageKey,
  parent: MessageKey,
): { id: MessageKey; values: Record<string, string> } =>
  billing.mode === 'PROCESSOR'
    ? { id: processor, values: {} }
    : billing.mode === 'PARTNER_SELF' && billing.managedBy
      ? { id: partner, values: { managedBy: billing.managedBy } }
      : { id: parent, values: {} };

function LicenceBanner({ banner }: { banner: Banner }) {
  const { t, language, formatDateTime } = useI18n();
  const list = useMemo(() => new Intl.ListFormat(language, { type: 'conjunction' }), [language]);
  const inDays = (days: number) => t('time.inDays', { days: Math.max(0, days) });
  let title: string;
  let body: ReactNode;
  switch (banner.kind) {
    case 'suspended': {
      title = t('licences.banner.suspended.title');
      const words = byBilling(
        banner.billing,
        'licences.banner.suspended.processor',
        'licences.banner.suspended.partner',
        'licences.banner.suspended.parent',
      );
      body = t(words.id, words.values);
      break;
    }
    case 'cancelled': {
      title = t('licences.banner.cancelled.title');
      const words = byBilling(
        banner.billing,
        'licences.banner.cancelled.processor',
        'licences.banner.cancelled.partner',
        'licences.banner.cancelled.parent',
      );
      body = t(words.id, words.values);
      break;
    }
    case 'basic-limit':
      title = t('licences.banner.basicLimit.title', {
        count: banner.groups.reduce((sum, group) => sum + group.doctors.length, 0),
      });
      body = banner.groups.map((group) => {
        const names = list.format(group.doctors.map((doctor) => doctor.name));
        return (
          <Dated key={group.restartsOn?.toISOString() ?? 'undated'} on={group.restartsOn}>
            {group.restartsOn && group.days !== null
              ? t('licences.banner.basicLimit.group', {
                  names,
                  date: formatDateTime(group.restartsOn),
                  days: inDays(group.days),
                })
              : t('licences.banner.basicLimit.groupUndated', { names })}
          </Dated>
        );
      });
      break;
    case 'trial-expired':
      title = t('licences.banner.trialExpired.title', { count: banner.doctors.length });
      body = (
        <DoctorList>
          {banner.doctors.map((doctor) => (
            <Dated component="li" key={doctor.id} on={doctor.expiredOn}>
              {t('licences.banner.trialExpired.doctor', {
                name: doctor.name,
                date: formatDateTime(doctor.expiredOn),
                days: t('time.daysAgo', { days: Math.max(0, doctor.days) }),
              })}
            </Dated>
          ))}
        </DoctorList>
      );
      break;
    case 'trial-ending':
      title = t('licences.banner.trialEnding.title', { count: banner.doctors.length });
      body = (
        <DoctorList>
          {banner.doctors.map((doctor) => (
            <Dated component="li" key={doctor.id} on={doctor.expiresOn}>
              {t('licences.banner.trialEnding.doctor', {
                name: doctor.name,
                date: formatDateTime(doctor.expiresOn),
                days: inDays(doctor.days),
              })}
            </Dated>
          ))}
        </DoctorList>
      );
      break;
    case 'downgrade':
      title = t('licences.banner.downgrade.title');
      body = banner.plans.map((plan) => (
        <Dated key={plan.plan} on={banner.on}>
          {t('licences.banner.downgrade.plan', {
            date: formatDateTime(banner.on),
            days: inDays(banner.days),
            plan: plan.plan,
            from: plan.from,
            to: plan.to,
          })}
        </Dated>
      ));
      break;
    case 'switch':
      title = t('licences.banner.switch.title');
      body = (
        <Dated on={banner.on}>
          {t(banner.plans.length > 0 ? 'licences.banner.switch.body' : 'licences.banner.switch.bodyNoSeats', {
            date: formatDateTime(banner.on),
            days: inDays(banner.days),
            seats: list.format(
              banner.plans.map((plan) =>
                t('licences.banner.switch.seats', { count: plan.seats, plan: plan.plan }),
              ),
            ),
          })}
        </Dated>
      );
      break;
  }
  const critical = severityOf(banner.kind) === 'critical';
  return (
    // Two colours, by severity: Mantine's orange and yellow titles fail WCAG AA contrast on their tint.
    <Alert
      role={critical ? 'alert' : 'status'}
      color={critical ? 'red' : 'blue'}
      title={title}
      variant="light"
    >
      {typeof body === 'string' ? <Text size="sm">{body}</Text> : <Stack gap={4}>{body}</Stack>}
    </Alert>
  );
}

/**
 * A line of a banner that names a date: the date is local time in the sentence, and the UTC instant
 * shows on hover (D10). The sentence is one message, so each language orders it as it needs.
 */
function Dated({
  on,
  component = 'p',
  children,
}: {
  on: Date | null;
  component?: 'p' | 'li';
  children: ReactNode;
}) {
  const { t, formatUtc } = useI18n();
  return (
    <Text component={component} size="sm" title={on ? t('time.utc', { utc: formatUtc(on) }) : undefined}>
      {children}
    </Text>
  );
}

function DoctorList({ children }: { children: ReactNode }) {
  return <ul className={classes.doctors}>{children}</ul>;
}
