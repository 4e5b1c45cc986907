import {
  NOTICE_BODY_MAX,
  NOTICE_KIND_LABELS,
  NOTICE_SUBJECT_MAX,
  type NoticeDraft,
  NoticeDraftSchema,
  type NoticePreview,
  type NoticeSummary,
  type SubscriberFilter,
  type SubscriberOptions,
  zonedInstant,
} from '@strand/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { staffNoticePath } from '../../../config/paths';
import { newIdempotencyKey } from '../../../lib/api-client';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { DateTimeField, type DateTimeValue } from '../../../lib/ui/date-time-field';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField, TextAreaField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { previewNotice, useSendNotice } from '../api/subscribers';

interface NoticeValues {
  kind: string;
  subject: string;
  body: string;
  windowStart: string;
  windowEnd: string;
  restorationTicketId: string;
}

const EMPTY: NoticeValues = {
  kind: 'maintenance',
  subject: '',
  body: '',
  windowStart: '',
  windowEnd: '',
  restorationTicketId: '',
};

/**
 * A window's end as the form keeps it, `YYYY-MM-DDTHH:MM` on the provider's clock (the kit's date and time fields), as
 * an ISO instant; a half-filled or unreadable value is passed on as is, for the draft's check to name the field.
 */
function toInstant(local: string): string | null {
  if (local.trim() === '' || local === 'T') return null;
  const [, day, hours, minutes] = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local) ?? [];
  if (!day) return local;
  const at = zonedInstant(day, Number(hours) * 60 + Number(minutes));
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/** The form's `YYYY-MM-DDTHH:MM` as the kit's date-and-time value, and back. */
function splitDateTime(local: string): DateTimeValue {
  const [date = '', time = ''] = local.split('T');
  return { date, time };
}
const joinDateTime = ({ date, time }: DateTimeValue) => (date || time ? `${date}T${time}` : '');

function toDraft(v: NoticeValues, filter: SubscriberFilter) {
  const maintenance = v.kind === 'maintenance';
  return {
    kind: v.kind,
    subject: v.subject,
    body: v.body,
    windowStart: maintenance ? toInstant(v.windowStart) : null,
    windowEnd: maintenance ? toInstant(v.windowEnd) : null,
    restorationTicketId: v.kind === 'outage' && v.restorationTicketId ? v.restorationTicketId : null,
    filter,
  };
}

/** A message about the audience (the filter) goes to the alert: the notice form has no such field. */
function mapErrors(errors: FormErrors): FormErrors {
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [k, m] of Object.entries(errors.fields)) {
    if (k in EMPTY) fields[k] = m;
    else elsewhere.push(m);
  }
  const message = elsewhere.length > 0 ? `The subscriber list: ${elsewhere.join(' ')}` : errors.message;
  return { fields, message };
}

export interface NoticeComposerProps {
  filter: SubscriberFilter;
  customers: number;
  options: SubscriberOptions;
}

/**
 * Write a notice to the list shown above: subject and message, the maintenance window or the outage's restoration
 * ticket; Preview shows the mail for one recipient and the counts, then Send queues it (one Idempotency-Key per
 * previewed draft, so a double click sends once).
 */
export function NoticeComposer({ filter, customers, options }: NoticeComposerProps) {
  const form = useForm<NoticeValues>(EMPTY);
  const [preview, setPreview] = useState<{ draft: NoticeDraft; result: NoticePreview } | null>(null);
  const [sent, setSent] = useState<NoticeSummary | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const key = useRef<string>(newIdempotencyKey());
  const send = useSendNotice();
  const maintenance = form.values.kind === 'maintenance';

  const edit = <K extends keyof NoticeValues>(name: K) => {
    const bind = form.field(name);
    return {
      ...bind,
      onValueChange: (value: string) => {
        // A changed draft needs a new preview, and is another notice: a new key.
        setPreview(null);
        setSent(null);
        key.current = newIdempotencyKey();
        bind.onValueChange(value);
      },
    };
  };

  const onPreview = form.submit(
    NoticeDraftSchema,
    async (draft) => {
      setSent(null);
      setSendError(null);
      const result = await previewNotice(draft);
      setPreview({ draft, result });
    },
    { check: (v) => toDraft(v, filter), mapErrors },
  );

  const onSend = () => {
    if (!preview) return;
    setSendError(null);
    send.mutate(
      { draft: preview.draft, key: key.current },
      {
        onSuccess: (notice) => {
          setSent(notice);
          setPreview(null);
          form.setValues(EMPTY);
          form.setErrors(NO_ERRORS);
          key.current = newIdempotencyKey();
        },
        onError: (e) => {
          const errors = mapErrors(formErrorsFrom(e));
          form.setErrors({ ...errors, message: null });
          setSendError(errors.message ?? 'The notice was not sent.');
        },
      },
    );
  };

  const p = preview?.result;
  return (
    <section className="stack" aria-labelledby="notice-heading">
      <h2 id="notice-heading">Write a notice</h2>
      <p className="muted">
        The notice goes to the portal users of the {customers.toLocaleString('en-US')}{' '}
        {customers === 1 ? 'customer' : 'customers'} of the list above, by e-mail, text and in the portal as each user
        chose in their notification settings.
      </p>
      <Form className="card form-card" onSubmit={onPreview} aria-label="Notice">
        <SelectField
          label="Kind of notice"
          {...edit('kind')}
          options={[
            { value: 'maintenance', label: NOTICE_KIND_LABELS.maintenance },
            { value: 'outage', label: NOTICE_KIND_LABELS.outage },
            { value: 'offer', label: NOTICE_KIND_LABELS.offer },
          ]}
        />
        <TextField
          label="Subject"
          maxLength={NOTICE_SUBJECT_MAX}
          autoComplete="off"
          hint={`At most ${NOTICE_SUBJECT_MAX} characters; the mail's subject starts with the provider's name.`}
          {...edit('subject')}
        />
        <TextAreaField
          label="Message"
          rows={6}
          maxLength={NOTICE_BODY_MAX}
          hint={`Plain text, at most ${NOTICE_BODY_MAX.toLocaleString('en-US')} characters (${form.values.body.length} used).`}
          {...edit('body')}
        />
        {maintenance ? (
          <div className="report-filter__fields">
            {(['windowStart', 'windowEnd'] as const).map((name) => {
              const bind = edit(name);
              return (
                <DateTimeField
                  key={name}
                  label={name === 'windowStart' ? 'Window starts' : 'Window ends'}
                  hint={name === 'windowEnd' ? 'At most 72 hours later' : undefined}
                  value={splitDateTime(bind.value)}
                  error={bind.error}
                  onValueChange={(v) => bind.onValueChange(joinDateTime(v))}
                />
              );
            })}
          </div>
        ) : (
          form.values.kind === 'outage' && (
            <SelectField
              label="Restoration ticket"
              hint="The ticket the crews work the outage under"
              {...edit('restorationTicketId')}
              options={[
                {
                  value: '',
                  label: options.restorationTickets.length ? 'Choose a ticket' : 'No open restoration ticket',
                },
                ...options.restorationTickets.map((t) => ({
                  value: String(t.id),
                  label: `#${t.id} ${t.address} (${t.status})`,
                })),
              ]}
            />
          )
        )}
        <FormAlert message={form.errors.message} />
        <div className="actions">
          <Button type="submit" variant={preview ? 'secondary' : 'primary'}>
            {preview ? 'Preview again' : 'Preview'}
          </Button>
        </div>
      </Form>

      {sent && (
        <div className="alert alert--success" role="status">
          Notice “{sent.subject}” is queued for {sent.audienceCustomers.toLocaleString('en-US')}{' '}
          {sent.audienceCustomers === 1 ? 'customer' : 'customers'}; it goes out in the background.{' '}
          <Link to={staffNoticePath(sent.id)}>See who was told</Link>
        </div>
      )}

      {p && (
        <section className="card stack notice-preview" aria-labelledby="preview-heading">
          <h3 id="preview-heading">Preview</h3>
          <p data-testid="preview-counts">
            Goes to <strong>{p.emails.toLocaleString('en-US')}</strong> email {p.emails === 1 ? 'address' : 'addresses'}{' '}
            of {p.customers.toLocaleString('en-US')} {p.customers === 1 ? 'customer' : 'customers'}.
            {p.customersWithoutEmail > 0 &&
              ` ${p.customersWithoutEmail.toLocaleString('en-US')} ${p.customersWithoutEmail === 1 ? 'customer has' : 'customers have'} no user who takes this e-mail (no address, turned off, or for an offer not opted in) and will be recorded as skipped, not failed.`}
          </p>
          {p.sample ? (
            <div className="mail-sample">
              <p>
                <span className="muted">To:</span> {p.sample.to} ({p.sample.customerName})
              </p>
              <p>
                <span className="muted">Subject:</span> {p.sample.subject}
              </p>
              <pre className="mail-sample__text">{p.sample.text}</pre>
            </div>
          ) : (
            <p className="empty-state">No user of these customers takes e-mail: nobody would get this mail.</p>
          )}
          <FormAlert message={sendError} />
          <div className="actions">
            <Button type="button" busy={send.isPending} disabled={p.emails === 0} onClick={onSend}>
              Send to {p.emails.toLocaleString('en-US')} {p.emails === 1 ? 'address' : 'addresses'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setPreview(null)}>
              Edit
            </Button>
          </div>
        </section>
      )}
    </section>
  );
}
