import { Progress, Stack, Text } from '@mantine/core';
import { AnchorLink } from '@/console/components/links';
import { LocalTime } from '@/console/components/local-time';
import type { Column } from '@/console/components/paged-table';
import { daysUntil } from '@/console/domain/days';
import { useI18n } from '@/console/lib/i18n';
import type { DoctorWithLicense, License } from '@/contract/schemas';
import { doctorLicencesLink, usageShare } from './doctor-row-rules.ts';
import classes from './doctors.module.css';
import { ToneBadge, type Tone } from './tone-badge.tsx';

// A hook only by name: the columns read the UI language's words and formatters. `now` is the
// service's clock, once read.
export function useColumns(centreId: number, now: Date | undefined): Column<DoctorWithLicense>[] {
  const { t } = useI18n();
  return [
    {
      key: 'name',
      header: t('doctors.column.name'),
      // Support staff go from a doctor to the licences they hold, by the doctor's name as on the
      // Licences tab: the link's name is the whole name (it begins with the words it shows).
      cell: (doctor) => (
        <AnchorLink
          {...doctorLicencesLink(centreId, doctor.id)}
          aria-label={`${doctor.name} ${doctor.lastname}`}
        >
          {doctor.name}
        </AnchorLink>
      ),
    },
    { key: 'lastname', header: t('doctors.column.lastname'), cell: (doctor) => doctor.lastname },
    {
      key: 'id',
      header: t('doctors.column.id'),
      cell: (doctor) => <span className={classes.id}>{doctor.id}</span>,
    },
    {
      key: 'licence',
      header: t('doctors.column.licence'),
      cell: (doctor) => <LicenceBadge license={doctor.license} />,
    },
    {
      key: 'enabled',
      header: t('doctors.column.enabled'),
      cell: (doctor) =>
        doctor.license ? (
          <ToneBadge tone={doctor.license.isEnabled ? 'teal' : 'red'}>
            {doctor.license.isEnabled ? t('doctors.enabled') : t('doctors.disabled')}
          </ToneBadge>
        ) : (
          <NoneText />
        ),
    },
    {
      key: 'usage',
      header: t('doctors.column.usage'),
      wideOnly: true,
      cell: (doctor) => (doctor.license ? <UsageMeter license={doctor.license} /> : <NoneText />),
    },
    {
      key: 'expiry',
      header: t('doctors.column.expiry'),
      wideOnly: true,
      cell: (doctor) =>
        doctor.license?.expiresAt ? <Expiry date={doctor.license.expiresAt} now={now} /> : <NoneText />,
    },
  ];
}

function NoneText() {
  const { t } = useI18n();
  return (
    <Text span size="sm" c="dimmed">
      {t('doctors.none')}
    </Text>
  );
}

const BADGE_COLOURS: Record<string, Tone> = {
  BASIC: 'blue',
  ELITE: 'grape',
  TRIAL: 'orange',
  USAGE: 'cyan',
};

/** 2.7 `type`; a type the spec does not list stays visible as "unknown" (tolerant reading). */
function LicenceBadge({ license }: { license: License | null }) {
  const { t } = useI18n();
  if (!license)
    return (
      <Text span size="sm" c="dimmed">
        {t('doctors.noLicence')}
      </Text>
    );
  return (
    <ToneBadge
      variant="outline"
      tone={(typeof license.type === 'string' && BADGE_COLOURS[license.type]) || 'gray'}
    >
      {typeof license.type === 'string'
        ? license.type
        : t('doctors.licence.unknown', { type: license.type.unknown })}
    </ToneBadge>
  );
}

/** 2.7: reports this period of the limit (BASIC: 100), or the count and "no limit". */
function UsageMeter({ license }: { license: License }) {
  const { t, formatNumber } = useI18n();
  const share = usageShare(license);
  const words =
    license.limit === null
      ? t('doctors.usage.unlimited', { used: formatNumber(license.currentUsage) })
      : t('doctors.usage.of', {
          used: formatNumber(license.currentUsage),
          limit: formatNumber(license.limit),
        });
  return (
    <Stack gap={4} className={classes.usage}>
      <Text size="xs">{words}</Text>
      {share === undefined ? null : (
        <Progress
          size="sm"
          value={share * 100}
          color={share >= 1 ? 'red' : share >= 0.8 ? 'orange' : 'teal'}
          aria-label={words}
        />
      )}
    </Stack>
  );
}

/** D10: local time in the UI language (UTC on hover) and, once "now" is known, how far away it is. */
function Expiry({ date, now }: { date: Date; now: Date | undefined }) {
  const { t } = useI18n();
  const days = now === undefined ? undefined : daysUntil(now, date);
  return (
    <Stack gap={0}>
      <Text size="sm">
        <LocalTime value={date} />
      </Text>
      {days === undefined ? null : (
        <Text size="xs" c="dimmed">
          {days >= 0 ? t('time.inDays', { days }) : t('time.daysAgo', { days: -days })}
        </Text>
      )}
    </Stack>
  );
}
