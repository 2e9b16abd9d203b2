import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRights } from '@/console/api/person-session';
import { peopleQueryOptions } from '@/console/api/people';
import { may } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';

/**
 * Who did it, by person (issue 25 "the Activity screen filters by person"; docs/decisions/0023):
 * the people of the current connection who have signed in (an entry names a person by their
 * subject, which an invitation does not have yet). A native select, as the other filters (the
 * route's budget). Where the session cannot list people (a client-credential one), nothing is
 * offered, unless the address already names a person: it stays visible, and can be cleared.
 */
export function PersonFilter({ value, onChange }: { value: string; onChange: (person: string) => void }) {
  const { t } = useI18n();
  const rights = useRights();
  const people = useQuery({ ...peopleQueryOptions(), enabled: may(rights, 'people.view') });
  const known = (people.data ?? []).flatMap((person) =>
    person.subject ? [{ value: person.subject, label: person.name ?? person.email }] : [],
  );
  if (known.length === 0 && value === '') return null;
  // A subject no longer among the people (removed since) still reads as itself.
  const missing = value !== '' && !known.some((person) => person.value === value);
  return (
    <NativeSelect
      label={t('activity.filter.person')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: t('activity.filter.everyone') },
        ...known,
        ...(missing ? [{ value, label: value }] : []),
      ]}
    />
  );
}
