import { formatPhone, type TroubleTicketPage } from '@strand/domain';
import type { ReactNode } from 'react';
import { formatMoment } from '../format';
import { EmptyState } from './empty-state';

type TicketUpdate = TroubleTicketPage['updates'][number];

/** Who wrote an update, as the reader's side calls them: staff see the support member's name and "Customer". */
function authorOf(u: TicketUpdate, reader: 'customer' | 'staff'): string {
  if (u.author === 'staff') return reader === 'staff' && u.authorName ? `Support (${u.authorName})` : 'Support';
  return u.authorName ?? (reader === 'customer' ? 'You' : 'Customer');
}

/**
 * A trouble ticket's messages, oldest first: who wrote each (as `reader` calls them), when, the status it set and the
 * text. The customer's and the staff ticket pages both show it.
 */
export function TicketThread({
  updates,
  reader,
  label,
  empty,
}: {
  updates: TicketUpdate[];
  reader: 'customer' | 'staff';
  label: string;
  empty: string;
}) {
  if (updates.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ol className="row-list" aria-label={label}>
      {updates.map((u) => (
        <li key={u.UpdateID} className="row-item">
          <span className="row-item__main">
            <strong>{authorOf(u, reader)}</strong>
            <span className="muted"> · {formatMoment(u.createdAt)}</span>
            {u.status && <span className="row-item__note">Status set to {u.status}</span>}
            <span className="row-item__note prewrap">{u.body}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * What was reported, as both ticket pages show it: the category, address, when and by whom, the call-back number and
 * the description, under the reader's heading ("What you reported", "What the customer reported"). `note` sits above
 * the description.
 */
export function TicketReport({
  ticket,
  heading,
  level,
  note,
}: {
  ticket: TroubleTicketPage;
  heading: string;
  level: 2 | 3;
  note?: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="card" aria-labelledby="ticket-submitted">
      <Heading id="ticket-submitted">{heading}</Heading>
      <p className="muted">
        {ticket.category} · {ticket.fullAddress} · {formatMoment(ticket.createdAt)}
        {ticket.createdBy ? ` by ${ticket.createdBy}` : ''}
        {ticket.contactPhone ? ` · call back at ${formatPhone(ticket.contactPhone)}` : ''}
      </p>
      {note}
      <p className="prewrap">{ticket.description}</p>
    </article>
  );
}
