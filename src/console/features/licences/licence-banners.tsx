import { Alert, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { LocalTime } from '@/console/components/local-time';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import { RichMessage } from './rich-message.tsx';
import { severityOf, type Banner, type BillingWords } from './banners.ts';
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
  billing: BillingWords,
  processor: MessageKey,
  partner: MessageKey,
  parent: MessageKey,
): { id: MessageKey; values: Record<string, string> } =>
  billing.mode === 'PROCESSOR'
    ? { id: processor, values: {} }
    : billing.mode === 'PARTNER_SELF' && billing.managedBy
      ? { id: partner, values: { managedBy: billing.managedBy } }
      : { id: parent, values: {} };

const date = (value: Date) => <LocalTime value={value} />;

function LicenceBanner({ banner }: { banner: Banner }) {
  const { t, language } = useI18n();
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
          <Text key={group.restartsOn?.toISOString() ?? 'undated'} size="sm">
            {group.restartsOn && group.days !== null ? (
              <RichMessage
                id="licences.banner.basicLimit.group"
                values={{ names, date: date(group.restartsOn), days: inDays(group.days) }}
              />
            ) : (
              t('licences.banner.basicLimit.groupUndated', { names })
            )}
          </Text>
        );
      });
      break;
    case 'trial-expired':
      title = t('licences.banner.trialExpired.title', { count: banner.doctors.length });
      body = (
        <DoctorList>
          {banner.doctors.map((doctor) => (
            <Text component="li" size="sm" key={doctor.id}>
              <RichMessage
                id="licences.banner.trialExpired.doctor"
                values={{
                  name: doctor.name,
                  date: date(doctor.expiredOn),
                  days: t('time.daysAgo', { days: Math.max(0, doctor.days) }),
                }}
              />
            </Text>
          ))}
        </DoctorList>
      );
      break;
    case 'trial-ending':
      title = t('licences.banner.trialEnding.title', { count: banner.doctors.length });
      body = (
        <DoctorList>
          {banner.doctors.map((doctor) => (
            <Text component="li" size="sm" key={doctor.id}>
              <RichMessage
                id="licences.banner.trialEnding.doctor"
                values={{ name: doctor.name, date: date(doctor.expiresOn), days: inDays(doctor.days) }}
              />
            </Text>
          ))}
        </DoctorList>
      );
      break;
    case 'downgrade':
      title = t('licences.banner.downgrade.title');
      body = banner.plans.map((plan) => (
        <Text key={plan.plan} size="sm">
          <RichMessage
            id="licences.banner.downgrade.plan"
            values={{
              date: date(banner.on),
              days: inDays(banner.days),
              plan: plan.plan,
              from: plan.from,
              to: plan.to,
            }}
          />
        </Text>
      ));
      break;
    case 'switch':
      title = t('licences.banner.switch.title');
      body = (
        <Text size="sm">
          <RichMessage
            id={
              banner.plans.length > 0 ? 'licences.banner.switch.body' : 'licences.banner.switch.bodyNoSeats'
            }
            values={{
              date: date(banner.on),
              days: inDays(banner.days),
              seats: list.format(
                banner.plans.map((plan) =>
                  t('licences.banner.switch.seats', { count: plan.seats, plan: plan.plan }),
                ),
              ),
            }}
          />
        </Text>
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

function DoctorList({ children }: { children: ReactNode }) {
  return <ul className={classes.doctors}>{children}</ul>;
}
