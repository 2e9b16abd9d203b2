import { Button, Group, Modal, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useChangeRole, useRemovePerson } from '@/console/api/people';
import { FormErrorAlert } from '@/console/components/feedback';
import { LocalTime } from '@/console/components/local-time';
import { useNotify } from '@/console/components/notifications-host';
import { useI18n } from '@/console/lib/i18n';
import { ROLES, type Person, type Role } from '@/contract/console-wire';

const nameOf = (person: Person) => person.name ?? person.email;

/** The people of the connection: a role changed in place, a removal confirmed first. */
export function PeopleTable({
  people,
  connection,
  me,
}: {
  people: Person[];
  connection: string;
  /** The signed-in person's e-mail, marked "(you)". */
  me: string | undefined;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const changeRole = useChangeRole();
  const [removing, setRemoving] = useState<Person | undefined>(undefined);
  const change = (person: Person, role: Role) =>
    changeRole.mutate(
      { personId: person.id, role },
      {
        onSuccess: () =>
          void notify({
            color: 'teal',
            message: t('people.roleChanged', { name: nameOf(person), role: t(`role.${role}`) }),
          }),
      },
    );
  return (
    <Stack gap="sm">
      <FormErrorAlert error={changeRole.error} />
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('people.column.person')}</Table.Th>
              <Table.Th>{t('people.column.role')}</Table.Th>
              <Table.Th>{t('people.column.lastSignIn')}</Table.Th>
              <Table.Th aria-label={t('people.remove')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person) => (
              <Table.Tr key={person.id} data-testid={`person-${person.email}`}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {nameOf(person)}{' '}
                    {person.email === me ? (
                      <Text span c="dimmed" size="sm">
                        {t('people.you')}
                      </Text>
                    ) : null}
                  </Text>
                  {person.name ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {person.email}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {person.source === 'console' ? (
                    <NativeSelect
                      size="xs"
                      aria-label={t('people.roleFor', { name: nameOf(person) })}
                      value={person.role}
                      disabled={changeRole.isPending}
                      data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
                      onChange={(event) => {
                        const role = ROLES.find((candidate) => candidate === event.currentTarget.value);
                        if (role && role !== person.role) change(person, role);
                      }}
                    />
                  ) : (
                    <Stack gap={0}>
                      <Text size="sm">{t(`role.${person.role}`)}</Text>
                      <Text size="xs" c="dimmed">
                        {t(person.source === 'claim' ? 'people.source.claim' : 'people.source.admin_emails')}
                      </Text>
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  {person.lastSignInAt ? (
                    <LocalTime value={new Date(person.lastSignInAt)} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('people.invited')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {person.email === me ? null : (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={t('people.removeFor', { name: nameOf(person) })}
                      onClick={() => setRemoving(person)}
                    >
                      {t('people.remove')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <RemoveDialog person={removing} connection={connection} onClose={() => setRemoving(undefined)} />
    </Stack>
  );
}

function RemoveDialog({
  person,
  connection,
  onClose,
}: {
  person: Person | undefined;
  connection: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const remove = useRemovePerson();
  const name = person ? nameOf(person) : '';
  return (
    <Modal
      opened={person !== undefined}
      onClose={onClose}
      title={t('people.removeFor', { name })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('people.remove.confirm', { name, connection })}</Text>
        <FormErrorAlert error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!person || remove.isPending) return;
              remove.mutate(person.id, {
                onSuccess: () => {
                  onClose();
                  void notify({ color: 'teal', message: t('people.removed', { name }) });
                },
              });
            }}
          >
            {t('people.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
