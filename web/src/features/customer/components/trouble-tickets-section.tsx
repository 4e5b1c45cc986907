import {
  type CustomerAccount,
  formatPhone,
  type NewTroubleTicket,
  NewTroubleTicketSchema,
  TROUBLE_TICKET_CATEGORIES,
} from '@strand/domain';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField, TextAreaField, TicketCard } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { newIdempotencyKey } from '../api/customer-account';
import { useSubmitTroubleTicket, useTicketCategories, useTroubleTickets } from '../api/tickets';
import { responseTime, TicketPage } from './ticket-page';

const EMPTY: NewTroubleTicket = { category: 'No service', subject: '', description: '', contactPhone: '' };

/** Trouble tickets per service location: the list and a form to report a problem (SPEC §7). */
export function TroubleTicketsSection({ account }: { account: CustomerAccount }) {
  const [params] = useSearchParams();
  const ticketId = Number(params.get('ticket'));
  if (Number.isInteger(ticketId) && ticketId > 0) return <TicketPage ticketId={ticketId} backTo="?section=tickets" />;
  return <TicketList account={account} />;
}

/** The tickets of one location, each opening its page, and the form to report a problem. */
function TicketList({ account }: { account: CustomerAccount }) {
  const [locationId, setLocationId] = useState<number | null>(account.serviceLocations[0]?.ServiceLocationID ?? null);
  const [reporting, setReporting] = useState(false);
  const tickets = useTroubleTickets(locationId);
  const location = account.serviceLocations.find((l) => l.ServiceLocationID === locationId);

  if (locationId === null) return <EmptyState>No Service Location found</EmptyState>;

  return (
    <section className="stack" aria-labelledby="tickets-heading">
      <div className="section-head">
        <h2 id="tickets-heading">Trouble tickets</h2>
        {!reporting && (
          <Button type="button" onClick={() => setReporting(true)}>
            Report a problem
          </Button>
        )}
      </div>
      {account.serviceLocations.length > 1 && (
        <SelectField
          label="Service location"
          value={String(locationId)}
          onValueChange={(value) => setLocationId(Number(value))}
          options={account.serviceLocations.map((l) => ({ value: String(l.ServiceLocationID), label: l.fullAddress }))}
        />
      )}
      {reporting && location && (
        <TroubleTicketForm
          serviceLocationId={location.ServiceLocationID}
          address={location.fullAddress}
          onDone={() => setReporting(false)}
        />
      )}
      {tickets.isError && <FormAlert message={errorMessage(tickets.error)} />}
      {tickets.data?.length === 0 && <EmptyState>No trouble tickets at this location.</EmptyState>}
      <ul className="card-list" aria-label={`Trouble tickets at ${location?.fullAddress ?? ''}`}>
        {tickets.data?.map((t) => (
          <li key={t.TicketID}>
            <TicketCard
              headingId={`ticket-${t.TicketID}`}
              number={t.TicketID}
              subject={t.subject}
              status={t.status}
              meta={[
                `${t.category} · reported ${formatMoment(t.createdAt)}`,
                t.createdBy ? ` by ${t.createdBy}` : '',
                t.contactPhone ? ` · call back at ${formatPhone(t.contactPhone)}` : '',
              ].join('')}
              description={t.description}
            />
            <Link className="ticket-open" to={`?section=tickets&ticket=${t.TicketID}`}>
              Open ticket #{t.TicketID}
              <span className="visually-hidden">: {t.subject}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface TroubleTicketFormProps {
  serviceLocationId: number;
  address: string;
  onDone(): void;
}

function TroubleTicketForm({ serviceLocationId, address, onDone }: TroubleTicketFormProps) {
  const form = useForm<NewTroubleTicket>(EMPTY);
  const { values, setValues, errors } = form;
  const key = useRef(newIdempotencyKey());
  const submit = useSubmitTroubleTicket();
  const categories = useTicketCategories();
  const hours = categories.data?.find((c) => c.category === values.category)?.responseHours;

  const onSubmit = form.submit(NewTroubleTicketSchema, async () => {
    const ticket = await submit.mutateAsync({ serviceLocationId, input: values, key: key.current });
    popup.show(`Trouble ticket #${ticket.TicketID} submitted`);
    onDone();
  });

  return (
    <Form className="card form-card inline-form" onSubmit={onSubmit} aria-label="Report a problem">
      <h3>Report a problem at {address}</h3>
      <FormAlert message={errors.message} />
      <SelectField
        label="Problem type"
        {...form.field('category')}
        options={TROUBLE_TICKET_CATEGORIES.map((c) => ({ value: c, label: c }))}
        hint={hours === undefined ? undefined : `We answer ${values.category} tickets ${responseTime(hours)}.`}
      />
      <TextField label="Subject" {...form.field('subject')} maxLength={120} />
      <TextAreaField
        label="What is happening?"
        {...form.field('description')}
        hint="When it started, what you see, and what you tried (10 to 2000 characters)."
        rows={5}
        maxLength={2000}
      />
      <TextField
        label="Callback phone (optional)"
        type="tel"
        inputMode="tel"
        {...form.field('contactPhone')}
        onBlur={() => setValues((v) => ({ ...v, contactPhone: formatPhone(v.contactPhone) }))}
      />
      <div className="actions">
        <Button type="submit" busy={submit.isPending} busyText="Submitting…">
          Submit trouble ticket
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
