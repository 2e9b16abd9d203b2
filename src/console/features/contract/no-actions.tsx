import { Text } from '@mantine/core';
import type { Availability } from '@/console/domain/contract-actions';
import { useI18n, type I18n } from '@/console/lib/i18n';
import { useContractAvailability } from './use-contract-availability.ts';

type T = I18n['t'];

/** Why a centre offers no contract action (spec 4.8, §5.4, D3), in one sentence. */
export function whyNoActions(t: T, availability: Availability): string | undefined {
  switch (availability.kind) {
    case 'own-centre':
      return t('contract.none.ownCentre');
    case 'processor':
      return t('contract.none.processor');
    case 'other-billing':
      return t('contract.none.otherBilling', { mode: availability.mode });
    default:
      return undefined;
  }
}

/**
 * In the centre's header, where there is no Contract tab: why there are no contract actions here
 * (a processor-billed centre, a centre's own login, another billing mode).
 */
export function ContractActionsNote({
  centreId,
  ownCentre,
  offered,
}: {
  centreId: number;
  ownCentre: boolean;
  /** The environment has what the Contract tab needs (app/centre-tabs.ts). */
  offered: boolean;
}) {
  const { t } = useI18n();
  const availability = useContractAvailability(centreId, ownCentre, offered);
  // D3: an environment without the webhook offers no contract actions to anyone: nothing to explain.
  if (!offered) return null;
  const why = whyNoActions(t, availability);
  if (!why) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t('contract.none.label')}
      </Text>
      <Text size="sm">{why}</Text>
    </div>
  );
}
