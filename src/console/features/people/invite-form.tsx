import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useInvitePerson } from '@/console/api/people';
import { Form, FormError, SubmitButton, useSchemaForm } from '@/console/components/form';
import { useNotify } from '@/console/components/notifications-host';
import { fieldMessage } from '@/console/lib/form-kit';
import { useI18n } from '@/console/lib/i18n';
import { inviteRequestSchema, type InviteRequest } from '@/proxy-api/people';
import { ROLES } from '@/proxy-api/permissions';

/**
 * An invitation by e-mail with a role on the current connection (`POST /people`): the person signs
 * in with the organisation's provider under that address. What was typed stays after a refusal.
 */
export function InviteForm() {
  const { t } = useI18n();
  const notify = useNotify();
  const invite = useInvitePerson();
  const form = useSchemaForm(inviteRequestSchema, {
    defaultValues: { email: '', role: 'support' } satisfies InviteRequest,
  });
  const send = async (values: InviteRequest) => {
    const person = await invite.mutateAsync(values);
    form.reset({ email: '', role: values.role });
    void notify({
      color: 'teal',
      message: t('people.invite.done', { email: person.email, role: t(`role.${person.role}`) }),
    });
  };
  return (
    <Form form={form} onSubmit={send} aria-label={t('people.invite.title')}>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('people.email')}
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            style={{ flex: '1 1 16rem' }}
            error={fieldMessage(form.formState.errors.email, t('people.validation.email'))}
            {...form.register('email')}
          />
          <NativeSelect
            label={t('people.role')}
            data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            style={{ flex: '0 1 10rem' }}
            {...form.register('role')}
          />
          {/* Aligned with the fields, below their labels. */}
          <SubmitButton mt={25}>{t('people.invite.submit')}</SubmitButton>
        </Group>
        <FormError />
      </Stack>
    </Form>
  );
}
