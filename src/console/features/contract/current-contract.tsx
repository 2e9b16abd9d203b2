import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Contract } from '@/console/domain/centre';
import { SEAT_PLANS } from '@/console/domain/plans';
import { useI18n } from '@/console/lib/i18n';
import { Dated } from './dated.tsx';

/** The contract as it stands (spec 2.10, 2.11, 3.1): what every action below starts from. */
export function CurrentContract({ now }: { now: Contract }) {
  const { t, formatNumber } = useI18n();
  let model: string;
  let facts: ReactNode[] = [];
  switch (now.kind) {
    case 'none':
      model = t('contract.now.none');
      break;
    case 'seats':
      model = t('contract.model.seats');
      facts = SEAT_PLANS.filter((plan) => now.seats[plan] > 0 || now.used[plan] > 0).map((plan) => (
        <Text key={plan}>
          {t('contract.now.plan', {
            plan,
            // A number for the plural (ICU's # formats it in the UI language).
            seats: now.seats[plan],
            used: formatNumber(now.used[plan]),
          })}
        </Text>
      ));
      break;
    case 'usage':
      model = t('contract.model.usage');
      facts = [
        <Text key="included">
          {now.includedConsultations === null
            ? t('contract.now.consultationsUnknown')
            : t('contract.now.consultations', { count: now.includedConsultations })}
        </Text>,
        <Text key="holders">{t('contract.now.holders', { count: now.holders })}</Text>,
      ];
      if (now.scheduledSwitch) {
        const { on, seats } = now.scheduledSwitch;
        facts.push(
          <Dated
            key="switch"
            on={on}
            text={(date) => t('contract.now.switch', { date, basic: seats.BASIC, elite: seats.ELITE })}
          />,
        );
      } else if (now.renewsOn)
        facts.push(
          <Dated key="renewal" on={now.renewsOn} text={(date) => t('contract.now.renewal', { date })} />,
        );
      break;
    default:
      model = t('contract.now.notActionable');
  }
  const status = now.kind === 'seats' || now.kind === 'usage' ? now.status : null;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="contract-now">
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h3" id="contract-now">
            {t('contract.now.title')}
          </Title>
          {status ? (
            <Badge variant="light" color={status === 'ACTIVE' ? 'cyan' : 'red'}>
              {t(status === 'ACTIVE' ? 'contract.status.active' : 'contract.status.inactive')}
            </Badge>
          ) : null}
        </Group>
        <Text fw={600}>{model}</Text>
        {facts}
      </Stack>
    </Paper>
  );
}
