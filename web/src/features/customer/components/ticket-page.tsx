import type { TroubleTicketPage } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formErrorsFrom } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextAreaField } from '../../../lib/ui/parts';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { TicketReport, TicketThread } from '../../../lib/ui/ticket-thread';
import { useReplyToTicket, useTroubleTicketPage } from '../api/tickets';

/** "within 4 hours", "within 2 days". */
export function responseTime(hours: number): string {
  if (hours < 24) return `within ${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.round(hours / 24);
  return `within ${days} day${days === 1 ? '' : 's'}`;
}

const WHAT_NEXT: Record<string, string> = {
  'Waiting on customer': 'We are waiting for your answer: reply below.',
  Resolved: 'We think this is fixed. If it is not, reply below and we will look again.',
  Closed: 'This ticket is closed. If the problem is back, reply below and we will look again.',
};

/** One trouble ticket: status, what was submitted, when to expect an answer, the updates and a reply box. */
export function TicketPage({ ticketId, backTo }: { ticketId: number; backTo: string }) {
  const ticket = useTroubleTicketPage(ticketId);
  return (
    <section className="stack" aria-labelledby="ticket-heading">
      <Link to={backTo}>← All trouble tickets</Link>
      {ticket.isPending && (
        <p className="muted" aria-busy="true">
          Loading the ticket…
        </p>
      )}
      {ticket.isError && <FormAlert message={errorMessage(ticket.error)} />}
      {ticket.data && <TicketDetails ticket={ticket.data} />}
    </section>
  );
}

function TicketDetails({ ticket }: { ticket: TroubleTicketPage }) {
  const waitingOnUs = ticket.status === 'Open' || ticket.status === 'In Progress';
  return (
    <>
      <header className="item-card__head">
        <h2 id="ticket-heading">
          Ticket #{ticket.TicketID}: {ticket.subject}
        </h2>
        <StatusBadge status={ticket.status} />
      </header>
      <p className="notice">
        {waitingOnUs && ticket.responseHours !== null
          ? `We answer ${ticket.category} tickets ${responseTime(ticket.responseHours)}.`
          : (WHAT_NEXT[ticket.status] ?? '')}
      </p>
      <TicketReport ticket={ticket} heading="What you reported" level={3} />
      <h3>Updates</h3>
      <TicketThread
        updates={ticket.updates}
        reader="customer"
        label="Updates"
        empty="No updates yet. We will answer here."
      />
      <ReplyForm ticketId={ticket.TicketID} />
    </>
  );
}

function ReplyForm({ ticketId }: { ticketId: number }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<{ message: string | null; field?: string | undefined }>({ message: null });
  const [sent, setSent] = useState(false);
  const reply = useReplyToTicket(ticketId);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (body.trim().length < 2) return setError({ message: null, field: 'Write your reply (2 to 2000 characters).' });
    try {
      await reply.mutateAsync(body);
      setBody('');
      setError({ message: null });
      setSent(true);
    } catch (e) {
      const errors = formErrorsFrom(e);
      setError({ message: errors.message, field: errors.fields.body });
    }
  };
  return (
    <Form className="card form-card" onSubmit={onSubmit} aria-label="Reply to this ticket">
      <FormAlert message={error.message} />
      {sent && <FormAlert tone="success" message="Your reply was sent." />}
      <TextAreaField
        label="Your reply"
        value={body}
        onValueChange={setBody}
        error={error.field}
        rows={4}
        maxLength={2000}
      />
      <Button type="submit" busy={reply.isPending} busyText="Sending…">
        Send reply
      </Button>
    </Form>
  );
}
