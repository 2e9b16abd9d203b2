import { Badge } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import type { TemplateOwner } from './rules.ts';

/** Whose a template is (2.13 `ownerType`): the doctor's or the centre's, each with its own colour. */
export function OwnerBadge({ owner }: { owner: TemplateOwner }) {
  const { t } = useI18n();
  if (owner === 'doctor')
    return (
      <Badge variant="light" color="grape">
        {t('templates.owner.doctor')}
      </Badge>
    );
  if (owner === 'centre')
    return (
      <Badge variant="light" color="blue">
        {t('templates.owner.centre')}
      </Badge>
    );
  return (
    <Badge variant="outline" color="gray">
      {t('templates.owner.unknown', { value: owner.unknown })}
    </Badge>
  );
}
