import { zodResolver } from '@hookform/resolvers/zod';
import { Button, type ButtonProps } from '@mantine/core';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { get, useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';
import { applyServerFieldErrors } from '@/console/lib/form-kit';
import { isApiError } from '@/contract/api-error-value';
import { FormErrorAlert } from './feedback.tsx';

// The console's one form idiom: react-hook-form over the form's zod schema (the same schema types
// the request it sends), the service's field errors (D2 `errors[].field`) on their fields, one send
// at a time however often the button is pressed, and the form's general error in one place.

/** A form's state: react-hook-form, validated by `schema`, whose output is what the form sends. */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodMiniType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}

interface FormState {
  /** A send is on its way (the form's own, or `busy`). */
  sending: boolean;
  /** Nothing may be sent now. */
  blocked: boolean;
  /** The last send's failure that no field shows. */
  error: unknown;
}

const FormContext = createContext<FormState>({ sending: false, blocked: false, error: null });

export interface FormProps<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  /**
   * Sends the valid values. Until what it answers settles, the form sends nothing more (a double
   * click sends once). A rejection carrying D2 field errors puts them on their fields; the rest is
   * the form's general error (`<FormError />`). `submitter` is the submit button's `value`, when
   * the form has several (a row's own retry).
   */
  onSubmit: (values: Output, submitter: string | undefined) => Promise<unknown> | void;
  /** Nothing may be sent now (another send is on its way elsewhere). */
  blocked?: boolean;
  /** A send this form does not await is on its way (its submit button shows it). */
  busy?: boolean;
  /**
   * The form's path of a D2 field (`doctors[0].email` read as `doctors.0.email`), for a request
   * named otherwise than the form (one row's request of many); by default, the same path.
   */
  fieldOf?: (path: string) => string;
  /** The form element, for a control outside the submit buttons that sends (`requestSubmit`). */
  formRef?: RefObject<HTMLFormElement | null>;
  'aria-label'?: string | undefined;
  children: ReactNode;
}

export function Form<Input extends FieldValues, Output>({
  form,
  onSubmit,
  blocked = false,
  busy = false,
  fieldOf,
  formRef,
  children,
  ...rest
}: FormProps<Input, Output>) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // A second press answers before React re-renders: the ref, not the state, decides.
  const inFlight = useRef(false);
  const isField = (path: string) => get(form.getValues(), path) !== undefined;

  const send = async (values: Output, submitter: string | undefined) => {
    setError(null);
    try {
      await onSubmit(values, submitter);
    } catch (failure) {
      if (isApiError(failure))
        applyServerFieldErrors<Input>(form.setError, failure.fieldErrors, isField, fieldOf);
      setError(failure);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || blocked || busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const value =
      submitter instanceof HTMLButtonElement && submitter.value !== '' ? submitter.value : undefined;
    inFlight.current = true;
    setSending(true);
    void form
      .handleSubmit((values) => send(values, value))()
      .finally(() => {
        inFlight.current = false;
        setSending(false);
      });
  };

  const state = useMemo(
    () => ({ sending: sending || busy, blocked, error }),
    [sending, busy, blocked, error],
  );
  return (
    <FormContext value={state}>
      <form ref={formRef} noValidate onSubmit={submit} {...rest}>
        {children}
      </form>
    </FormContext>
  );
}

/**
 * The form's submit button: shows a send on its way, and sends nothing while one is. `disabled`:
 * the form's own reason not to send yet (a confirmation not typed).
 */
export function SubmitButton({
  children,
  disabled = false,
  ...props
}: Omit<ButtonProps, 'type'> & { children: ReactNode }) {
  const { sending, blocked } = useContext(FormContext);
  return (
    <Button type="submit" loading={sending} disabled={sending || blocked || disabled} {...props}>
      {children}
    </Button>
  );
}

/** The form's general error: what no field shows (an ended session is the re-login dialog's). */
export function FormError() {
  const { error } = useContext(FormContext);
  return <FormErrorAlert error={error} />;
}

/**
 * Sends its form once, as soon as it is on the page (a send a re-login left on its way, resumed on
 * the tab's return: lib/sign-in-drafts.ts). Inside the form, so that the form exists when it runs,
 * even in a dialog whose content mounts after its owner.
 */
export function SubmitOnMount({ onSubmitted }: { onSubmitted: () => void }) {
  const anchor = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    anchor.current?.form?.requestSubmit();
    onSubmitted();
  }, [onSubmitted]);
  return <input type="hidden" ref={anchor} />;
}
