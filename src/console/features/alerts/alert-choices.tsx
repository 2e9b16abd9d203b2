import { Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useSaveAlertChoices } from '@/console/api/alerts';
import { Form, FormError, SubmitButton, useSchemaForm } from '@/console/components/form';
import { useNotify } from '@/console/components/notifications-host';
import { useI18n } from '@/console/lib/i18n';
import { ALERT_RULES, alertChoicesSchema, type AlertChoices } from '@/proxy-api/alerts-console';

/**
 * One's choices per rule (docs/decisions/0026: inbox and e-mail, and the e-mail's language), sent
 * whole with `PUT /alerts/preferences`. A refused save keeps what was chosen (the form idiom).
 */
export function AlertChoicesForm({ saved }: { saved: AlertChoices }) {
  const { t } = useI18n();
  const notify = useNotify();
  const save = useSaveAlertChoices();
  // Every rule in one order, whatever the proxy listed (its defaults fill a rule never chosen).
  const rules = ALERT_RULES.map(
    (rule) => saved.rules.find((row) => row.rule === rule) ?? { rule, inbox: true, email: false },
  );
  const form = useSchemaForm(alertChoicesSchema, { defaultValues: { rules, language: saved.language } });
  const send = async (values: AlertChoices) => {
    const answer = await save.mutateAsync(values);
    form.reset(answer);
    void notify({ color: 'teal', message: t('alerts.choices.saved') });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="alert-choices-title">
      <Form form={form} onSubmit={send} aria-label={t('alerts.choices.title')}>
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id="alert-choices-title">
              {t('alerts.choices.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('alerts.choices.intro')}
            </Text>
          </Stack>
          <Table layout="fixed" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.choices.rule')}</Table.Th>
                <Table.Th w="4.75rem" ta="center">
                  {t('alerts.choices.inbox')}
                </Table.Th>
                <Table.Th w="4.75rem" ta="center">
                  {t('alerts.choices.email')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map(({ rule }, index) => {
                const name = t(`alerts.name.${rule}`);
                return (
                  <Table.Tr key={rule}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                    <Table.Td>
                      <Group justify="center">
                        <ChoiceBox
                          control={form.control}
                          name={`rules.${index}.inbox`}
                          label={t('alerts.choices.inboxOf', { rule: name })}
                        />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="center">
                        <ChoiceBox
                          control={form.control}
                          name={`rules.${index}.email`}
                          label={t('alerts.choices.emailOf', { rule: name })}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group align="flex-end" gap="sm" wrap="wrap" justify="space-between">
            <NativeSelect
              label={t('alerts.choices.language')}
              data={(['en', 'es', 'ca'] as const).map((value) => ({
                value,
                label: t(`alerts.language.${value}`),
              }))}
              style={{ flex: '0 1 14rem' }}
              {...form.register('language')}
            />
            <SubmitButton>{t('alerts.choices.save')}</SubmitButton>
          </Group>
          <FormError />
        </Stack>
      </Form>
    </Paper>
  );
}

/**
 * A checkbox bound to the form, controlled: Mantine's input does not take `register`'s ref. A
 * checkbox, not a Switch: its stylesheet is in the entry already, whose CSS budget is full.
 */
function ChoiceBox({
  control,
  name,
  label,
}: {
  control: Control<AlertChoices>;
  name: `rules.${number}.${'inbox' | 'email'}`;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          aria-label={label}
          name={field.name}
          ref={field.ref}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
