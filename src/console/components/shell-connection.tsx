import { NativeSelect, Stack, Text } from '@mantine/core';
import type { ConnectionChoice, Session } from '@/proxy-api/console';
import { useI18n } from '@/console/lib/i18n';

/** Who is signed in, through which connection and as what; the switcher when there are several. */
export function ConnectionSection({
  person,
  onSwitch,
  switching,
  onSwitched,
}: {
  person: Pick<Session, 'person' | 'connection' | 'role' | 'connections'>;
  onSwitch: ((connectionId: string) => void) | undefined;
  switching: boolean;
  onSwitched: () => void;
}) {
  const { t } = useI18n();
  const choices: ConnectionChoice[] = person.connections ?? [];
  const current = person.connection;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {t('shell.person', {
          name: person.person?.name ?? person.person?.email ?? '',
          role: person.role ? t(`role.${person.role}`) : '',
        })}
      </Text>
      {choices.length > 1 && onSwitch ? (
        <NativeSelect
          size="xs"
          label={t('shell.connection')}
          value={current?.id ?? ''}
          disabled={switching}
          // The connection's name only: a role beside it was cut off in the 240 px navigation.
          data={choices.map((choice) => ({ value: choice.id, label: choice.label }))}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (next !== current?.id) {
              onSwitched();
              onSwitch(next);
            }
          }}
        />
      ) : current ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('shell.connection.current', { connection: current.label })}
        </Text>
      ) : null}
      {current?.state === 'refused' ? (
        <Text size="xs" c="red">
          {t('shell.connection.refused')}
        </Text>
      ) : null}
    </Stack>
  );
}
