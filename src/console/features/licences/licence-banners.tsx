import { Alert, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useI18n, type I18n, type MessageKey } from '@/console/lib/i18n';
import { severityOf, type Banner } from '@/console/domain/banners';
import type { Billing } from '@/console/domain/centre';
import classes from './licences.module.css';

/**
 * The centre's banners, most urgent first. A critical one (licences are off) is an `alert`, read
 * out at once; a notice (something will change) is a `status`, read when the reader is idle.
 */
export function LicenceBanners({
  banners,
  suspendedSince = null,
}: {
  banners: readonly Banner[];
  /** When the watcher saw the centre become suspended (docs/decisions/0025); null: not known. */
  suspendedSince?: Date | null;
}) {
  const { t } = useI18n();
  if (banners.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('licences.banners')}>
      {banners.map((banner) => (
        <LicenceBanner
          key={banner.kind}
          banner={banner}
          since={banner.kind === 'suspended' ? suspendedSince : null}
        />
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

function LicenceBanner({ banner, since }: { banner: Banner; since: Date | null }) {
  const { t } = useI18n();
  const critical = severityOf(banner.kind) === 'critical';
  return (
    // Two colours, by severity: Mantine's orange and yellow titles fail WCAG AA contrast on their tint.
    <Alert
      role={critical ? 'alert' : 'status'}
      color={critical ? 'red' : 'blue'}
      title={titleOf(t, banner)}
      variant="light"
    >
      <BannerBody banner={banner} />
      {since ? <SuspendedSince since={since} /> : null}
    </Alert>
  );
}

/** A banner's title: what is wrong, or what will change, and for how many. */
function titleOf(t: I18n['t'], banner: Banner): string {
  switch (banner.kind) {
    case 'suspended':
      return t('licences.banner.suspended.title');
    case 'cancelled':
      return t('licences.banner.cancelled.title');
    case 'basic-limit':
      return t('licences.banner.basicLimit.title', {
        count: banner.groups.reduce((sum, group) => sum + group.doctors.length, 0),
      });
    case 'trial-expired':
      return t('licences.banner.trialExpired.title', { count: banner.doctors.length });
    case 'trial-ending':
      return t('licences.banner.trialEnding.title', { count: banner.doctors.length });
    case 'downgrade':
      return t('licences.banner.downgrade.title');
    case 'switch':
      return t('licences.banner.switch.title');
  }
}

/** What a banner says: who to turn to, or each doctor and date with the days until it. */
function BannerBody({ banner }: { banner: Banner }) {
  const { t, language, formatDateTime } = useI18n();
  const list = useMemo(() => new Intl.ListFormat(language, { type: 'conjunction' }), [language]);
  const inDays = (days: number) => t('time.inDays', { days: Math.max(0, days) });
  switch (banner.kind) {
    case 'suspended':
    case 'cancelled': {
      const kind = banner.kind;
      const words = byBilling(
        banner.billing,
        `licences.banner.${kind}.processor`,
        `licences.banner.${kind}.partner`,
        `licences.banner.${kind}.parent`,
      );
      return <Text size="sm">{t(words.id, words.values)}</Text>;
    }
    case 'basic-limit':
      return (
        <Stack gap={4}>
          {banner.groups.map((group) => {
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
          })}
        </Stack>
      );
    case 'trial-expired':
    case 'trial-ending':
      return (
        <DoctorList>
          {banner.kind === 'trial-expired'
            ? banner.doctors.map((doctor) => (
                <Dated component="li" key={doctor.id} on={doctor.expiredOn}>
                  {t('licences.banner.trialExpired.doctor', {
                    name: doctor.name,
                    date: formatDateTime(doctor.expiredOn),
                    days: t('time.daysAgo', { days: Math.max(0, doctor.days) }),
                  })}
                </Dated>
              ))
            : banner.doctors.map((doctor) => (
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
    case 'downgrade':
      return (
        <Stack gap={4}>
          {banner.plans.map((plan) => (
            <Dated key={plan.plan} on={banner.on}>
              {t('licences.banner.downgrade.plan', {
                date: formatDateTime(banner.on),
                days: inDays(banner.days),
                plan: plan.plan,
                from: plan.from,
                to: plan.to,
              })}
            </Dated>
          ))}
        </Stack>
      );
    case 'switch':
      return (
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
  }
}

/**
 * A line of a banner that names a date: the date is local time in the sentence, and the UTC instant
 * shows on hover (D10). The sentence is one message, so each language orders it as it needs.
 */
/** Issue 26: "Suspended since 12 Nov, 09:14", in local time with the UTC instant on hover (D10). */
function SuspendedSince({ since }: { since: Date }) {
  const { t, formatDateTime } = useI18n();
  return <Dated on={since}>{t('centre.watch.suspendedSince', { time: formatDateTime(since) })}</Dated>;
}

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
