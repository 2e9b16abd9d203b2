import { Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Form, SubmitButton, useSchemaForm } from '@/console/components/form';
import type { Contract } from '@/console/domain/centre';
import { refusalsOf, rulesFor, type Action, type Refusal } from '@/console/domain/contract-actions';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';
import { contractFormSchema, defaultsFor, itemsOf, type ContractForm, type FormField } from './actions.ts';
import classes from './contract.module.css';
import { previewOf } from './preview.ts';
import { PreviewView } from './preview-view.tsx';

const SUBMIT: Record<Exclude<Action, 'cancel'>, MessageKey> = {
  create: 'contract.submit.create',
  'change-seats': 'contract.submit.changeSeats',
  'to-usage': 'contract.submit.toUsage',
  'change-consultations': 'contract.submit.changeConsultations',
  'to-seats': 'contract.submit.toSeats',
  reactivate: 'contract.submit.reactivate',
};

export interface ActionFormProps {
  action: Exclude<Action, 'cancel'>;
  now: Contract;
  /** Sending is not possible now (an action is pending here or in another tab). */
  blocked: boolean;
  sending: boolean;
  onSend: (items: PartnerWebhookRequest['data']['items']) => void;
}

/** The words of a domain refusal (contract-actions.ts), with its numbers in the console's language. */
function useRefusalText() {
  const { t, formatNumber } = useI18n();
  return (refusal: Refusal | undefined): string | undefined => {
    switch (refusal?.rule) {
      case undefined:
        return undefined;
      case 'whole-number':
        return t('contract.refusal.wholeNumber');
      case 'below-assigned':
        return t('contract.refusal.belowAssigned', { plan: refusal.field, assigned: refusal.assigned });
      case 'too-many':
        return t('contract.refusal.tooMany', { max: formatNumber(refusal.max) });
      case 'no-seats':
        return t('contract.refusal.noSeats');
      case 'at-least-one':
        return t('contract.refusal.atLeastOne');
    }
  };
}

/**
 * One action's form (the one <Form>, over contractFormSchema), the domain's refusals on the fields
 * as the user types, and the preview of what it will do, before anything is sent.
 */
export function ActionForm({ action, now, blocked, sending, onSend }: ActionFormProps) {
  const { t } = useI18n();
  const rules = useMemo(() => rulesFor(action, now), [action, now]);
  const form = useSchemaForm(contractFormSchema(rules), {
    defaultValues: defaultsFor(action, now),
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as ContractForm;
  const preview = previewOf(now, action, values);
  const { errors } = form.formState;
  const refusals = refusalsOf(values, rules);

  const refusalText = useRefusalText();
  // The schema says which fields break a rule; the words and their numbers are the refusal's own.
  const errorOf = (field: FormField) =>
    errors[field] ? refusalText(refusals.find((refusal) => refusal.field === field)) : undefined;

  const seatDescription = (plan: (typeof rules.plans)[number]) => {
    if (now.kind !== 'seats') return undefined;
    return now.used[plan] > 0
      ? t('contract.field.seats.assigned', { seats: now.seats[plan], assigned: now.used[plan] })
      : t('contract.field.seats.now', { seats: now.seats[plan] });
  };

  return (
    <Form
      form={form}
      onSubmit={(valid) => onSend(itemsOf(action, valid as ContractForm, rules))}
      blocked={blocked}
      busy={sending}
      aria-label={t(SUBMIT[action])}
    >
      <Stack gap="md">
        {rules.models.length > 1 ? (
          <Controller
            control={form.control}
            name="model"
            render={({ field }) => (
              <SegmentedControl
                aria-label={t('contract.field.model')}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={[
                  { value: 'seats', label: t('contract.model.seats') },
                  { value: 'usage', label: t('contract.model.usage') },
                ]}
              />
            )}
          />
        ) : null}
        {values.model === 'usage' ? (
          <TextInput
            className={classes.number}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            label={t('contract.field.consultations')}
            description={
              now.kind === 'usage' && now.includedConsultations !== null
                ? t('contract.field.consultations.now', { count: now.includedConsultations })
                : t('contract.field.consultations.help')
            }
            error={errorOf('includedConsultations')}
            {...form.register('includedConsultations', { valueAsNumber: true })}
          />
        ) : (
          <Group gap="md" align="flex-start" wrap="wrap">
            {rules.plans.map((plan) => (
              <TextInput
                key={plan}
                className={classes.number}
                type="number"
                inputMode="numeric"
                min={rules.minimum[plan]}
                step={1}
                required
                label={t('contract.field.seats', { plan })}
                description={seatDescription(plan)}
                error={errorOf(plan)}
                {...form.register(plan, { valueAsNumber: true })}
              />
            ))}
          </Group>
        )}
        <PreviewView preview={preview} />
        <Group>
          <SubmitButton>{t(SUBMIT[action])}</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}
