import { TICKET_STATUSES, type TroubleTicketPage } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formErrorsFrom } from '../../../lib/form-errors';
import { StaffHistory } from '../../../lib/staff-history';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SelectField, TextAreaField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { TicketReport, TicketThread } from '../../../lib/ui/ticket-thread';
import { useAnswerTicket, useStaffTicket } from '../api/trouble-tickets';
import { StaffOnly } from './staff-only';

type TicketStatus = (typeof TICKET_STATUSES)[number];

/** /staff/tickets/:ticketId: a trouble ticket as the customer sees it, its timeline, and the answer form. */
export function StaffTicketPage() {
  const ticketId = Number(useParams().ticketId);
  usePageTitle(`Ticket #${ticketId}`);
  return (
    <StaffOnly roles={['sales', 'dispatcher']} title="Trouble ticket">
      <TicketView ticketId={ticketId} />
    </StaffOnly>
  );
}

function TicketView({ ticketId }: { ticketId: number }) {
  const ticket = useStaffTicket(ticketId);
  return (
    <section className="page stack" aria-labelledby="ticket-heading">
      <Link to={paths.staffTickets}>← All trouble tickets</Link>
      {ticket.isPending && <Skeleton label="Loading the ticket…" />}
      {ticket.isError && (
        <>
          <h1 id="ticket-heading">Ticket #{ticketId}</h1>
          <FormAlert message={errorMessage(ticket.error)} />
        </>
      )}
      {ticket.data && <TicketDetails ticket={ticket.data} />}
    </section>
  );
}

function TicketDetails({ ticket }: { ticket: TroubleTicketPage }) {
  return (
    <>
      <header className="item-card__head">
        <h1 id="ticket-heading">
          Ticket #{ticket.TicketID}: {ticket.subject}
        </h1>
        <StatusBadge status={ticket.status} />
      </header>
      <TicketReport
        ticket={ticket}
        heading="What the customer reported"
        level={2}
        note={
          ticket.responseHours !== null && (
            <p className="muted">We promise an answer within {ticket.responseHours} hours for this category.</p>
          )
        }
      />
      <h2>Timeline</h2>
      <TicketThread updates={ticket.updates} reader="staff" label="Timeline" empty="No answer or reply yet." />
      <AnswerForm ticketId={ticket.TicketID} current={ticket.status} />
      <StaffHistory type="ticket" id={String(ticket.TicketID)} title="Ticket history" />
    </>
  );
}

function AnswerForm({ ticketId, current }: { ticketId: number; current: string }) {
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<TicketStatus>(
    (TICKET_STATUSES as readonly string[]).includes(current) ? (current as TicketStatus) : 'Open',
  );
  const [error, setError] = useState<{ message: string | null; field?: string | undefined }>({ message: null });
  const [sent, setSent] = useState(false);
  const answer = useAnswerTicket(ticketId);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (body.trim().length < 2) return setError({ message: null, field: 'Write the answer (2 to 2000 characters).' });
    try {
      await answer.mutateAsync({ body, status });
      setBody('');
      setError({ message: null });
      setSent(true);
    } catch (e) {
      const errors = formErrorsFrom(e);
      setError({ message: errors.message, field: errors.fields.body ?? errors.fields.status });
    }
  };
  return (
    <Form className="card form-card" onSubmit={onSubmit} aria-label="Answer this ticket">
      <h2>Answer the customer</h2>
      <FormAlert message={error.message} />
      {sent && <FormAlert tone="success" message="Your answer was sent to the customer." />}
      <TextAreaField
        label="Answer"
        value={body}
        onValueChange={setBody}
        error={error.field}
        rows={4}
        maxLength={2000}
      />
      <SelectField
        label="Status after this answer"
        value={status}
        onValueChange={(v) => setStatus(v as TicketStatus)}
        options={TICKET_STATUSES.map((s) => ({ value: s, label: s }))}
      />
      <Button type="submit" busy={answer.isPending} busyText="Sending…">
        Send answer
      </Button>
    </Form>
  );
}
