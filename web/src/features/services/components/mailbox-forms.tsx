/** The three forms of a mailbox: new password (modEmailPass), forwarding (modForward), auto-reply (modVacMsg). */
import {
  forwardAddressProblem,
  MAILBOX_PASSWORD_MAX,
  MAILBOX_PASSWORD_MIN,
  type Mailbox,
  type MailboxForwardRequest,
  MailboxForwardRequestSchema,
  type MailboxPasswordRequest,
  MailboxPasswordRequestSchema,
  type MailboxVacationRequest,
  MailboxVacationRequestSchema,
  mailboxPasswordProblem,
  VACATION_MESSAGE_MAX,
  VACATION_SUBJECT_MAX,
} from '@strand/domain';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { CORRECT_FIELDS_MESSAGE, type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { DateField } from '../../../lib/ui/date-time-field';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextAreaField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useChangeMailbox } from '../api/services';

interface FormProps {
  mailbox: Mailbox;
  onDone(): void;
}

type Kind = 'password' | 'forward' | 'vacation';

/**
 * State and submit of one mailbox form: the domain schema first, then the rule that needs the mailbox (`extra`),
 * then the server, whose field messages land on the same fields.
 */
function useMailboxForm<V extends object>(
  { mailbox, onDone }: FormProps,
  kind: Kind,
  schema: z.ZodType<unknown, V>,
  initial: V,
  done: string,
  extra: (values: V) => Record<string, string> = () => ({}),
) {
  const form = useForm<V>(initial);
  const { values, setErrors } = form;
  const change = useChangeMailbox();
  const submit = async (event: FormEvent, body: V = values) => {
    event.preventDefault();
    const checked = validate(schema, body);
    const fields = { ...extra(body), ...('errors' in checked ? checked.errors.fields : {}) };
    if (Object.keys(fields).length > 0) return setErrors({ fields, message: CORRECT_FIELDS_MESSAGE });
    setErrors(NO_ERRORS);
    try {
      await change.mutateAsync({
        mailboxId: mailbox.EmailAccountID,
        change: { kind, body } as Parameters<typeof change.mutateAsync>[0]['change'],
      });
      popup.show(`${done} for ${mailbox.address}`);
      onDone();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };
  return { form, submit, pending: change.isPending };
}

function FormShell(props: {
  label: string;
  errors: FormErrors;
  onSubmit(event: FormEvent): void;
  submitLabel: string;
  pending: boolean;
  onCancel(): void;
  children: ReactNode;
  more?: ReactNode;
}) {
  return (
    <Form className="form-card inline-form" onSubmit={props.onSubmit} aria-label={props.label}>
      <h4>{props.label}</h4>
      <FormAlert message={props.errors.message} />
      {props.children}
      <div className="actions">
        <Button type="submit" disabled={props.pending} busy={props.pending} busyText="Saving…">
          {props.submitLabel}
        </Button>
        {props.more}
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

export function PasswordForm(props: FormProps) {
  const { form, submit, pending } = useMailboxForm<MailboxPasswordRequest>(
    props,
    'password',
    MailboxPasswordRequestSchema,
    { password: '', confirm: '' },
    'Password changed',
    (v): Record<string, string> => {
      const problem = v.password ? mailboxPasswordProblem(v.password, props.mailbox.address) : null;
      return problem ? { password: problem } : {};
    },
  );
  return (
    <FormShell
      label={`New password for ${props.mailbox.address}`}
      errors={form.errors}
      onSubmit={submit}
      submitLabel="Change password"
      pending={pending}
      onCancel={props.onDone}
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
        hint={`${MAILBOX_PASSWORD_MIN} to ${MAILBOX_PASSWORD_MAX} characters, not the mailbox address.`}
        maxLength={MAILBOX_PASSWORD_MAX}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirm')}
        maxLength={MAILBOX_PASSWORD_MAX}
      />
    </FormShell>
  );
}

export function ForwardForm(props: FormProps) {
  const { mailbox } = props;
  const { form, submit, pending } = useMailboxForm<MailboxForwardRequest>(
    props,
    'forward',
    MailboxForwardRequestSchema,
    { forwardTo: mailbox.forwardTo ?? '', keepCopy: mailbox.forwardTo ? mailbox.keepCopy : true },
    'Forwarding saved',
    (v): Record<string, string> => {
      const problem = v.forwardTo.trim() ? forwardAddressProblem(v.forwardTo, mailbox.address) : null;
      return problem ? { forwardTo: problem } : {};
    },
  );
  const checkboxId = `keep-copy-${mailbox.EmailAccountID}`;
  return (
    <FormShell
      label={`Forwarding of ${mailbox.address}`}
      errors={form.errors}
      onSubmit={submit}
      submitLabel="Save forwarding"
      pending={pending}
      onCancel={props.onDone}
      more={
        mailbox.forwardTo && (
          <Button
            type="button"
            variant="secondary"
            disabled={pending}
            onClick={(event) => submit(event, { forwardTo: '', keepCopy: false })}
          >
            Turn forwarding off
          </Button>
        )
      }
    >
      <TextField
        label="Forward to"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...form.field('forwardTo')}
        hint="Another address; leave empty to turn forwarding off."
        maxLength={254}
      />
      <div className="field field--check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={form.values.keepCopy}
          onChange={(event) => form.set('keepCopy')(event.target.checked)}
        />
        <label htmlFor={checkboxId}>Keep a copy in this mailbox</label>
      </div>
    </FormShell>
  );
}

export function VacationForm(props: FormProps) {
  const { mailbox } = props;
  const v = mailbox.vacation;
  const { form, submit, pending } = useMailboxForm<MailboxVacationRequest>(
    props,
    'vacation',
    MailboxVacationRequestSchema,
    {
      enabled: v.enabled || (v.subject === '' && v.message === ''),
      subject: v.subject,
      message: v.message,
      startDate: v.startDate ?? '',
      endDate: v.endDate ?? '',
    },
    'Auto-reply saved',
  );
  const checkboxId = `vacation-on-${mailbox.EmailAccountID}`;
  return (
    <FormShell
      label={`Auto-reply of ${mailbox.address}`}
      errors={form.errors}
      onSubmit={submit}
      submitLabel="Save auto-reply"
      pending={pending}
      onCancel={props.onDone}
    >
      <div className="field field--check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={form.values.enabled}
          onChange={(event) => form.set('enabled')(event.target.checked)}
        />
        <label htmlFor={checkboxId}>Send an auto-reply (vacation message)</label>
      </div>
      <TextField
        label="Subject"
        {...form.field('subject')}
        hint={`Up to ${VACATION_SUBJECT_MAX} characters.`}
        maxLength={VACATION_SUBJECT_MAX}
      />
      <TextAreaField
        label="Message"
        {...form.field('message')}
        hint={`Up to ${VACATION_MESSAGE_MAX} characters.`}
        rows={5}
        maxLength={VACATION_MESSAGE_MAX}
      />
      <div className="date-pair">
        <DateField label="First day (optional)" {...form.field('startDate')} />
        <DateField label="Last day (optional)" {...form.field('endDate')} hint="On or after the first day." />
      </div>
    </FormShell>
  );
}
