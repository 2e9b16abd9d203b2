import { Badge } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import type { TemplateOwner } from './answers.ts';

/** Whose a template is (2.13 `ownerType`): the doctor's or the centre's, each with its own colour. */
export function OwnerBadge({ owner }: { owner: TemplateOwner }) {
  const { t } = useI18n();
  // Never narrower than its word: a narrow table cell (360 px) squeezed "Centre" into "Cent…".
  const whole = { flexShrink: 0, minWidth: 'max-content' } as const;
  if (owner === 'doctor')
    return (
      <Badge variant="light" color="grape" style={whole}>
        {t('templates.owner.doctor')}
      </Badge>
    );
  if (owner === 'centre')
    return (
      <Badge variant="light" color="blue" style={whole}>
        {t('templates.owner.centre')}
      </Badge>
    );
  return (
    <Badge variant="outline" color="gray" style={whole}>
      {t('templates.owner.unknown', { value: owner.unknown })}
    </Badge>
  );
}
