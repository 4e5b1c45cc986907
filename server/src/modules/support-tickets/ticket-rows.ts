/** How a ticket's row reads on the wire: the customer's list, the ticket page and the staff list share it. */
import type { TroubleTicket } from '@strand/domain';

/** Who filed or wrote it, as people read a name; null when nobody is recorded. */
export const nameOf = (row: { first_name: string | null; last_name: string | null }) =>
  row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null;

/** A ticket read with tickets.repository.ts's TICKET_COLUMNS and its id. */
export function ticketOf(row: {
  id: number;
  service_location_id: number;
  category: string;
  subject: string;
  description: string;
  status: string;
  contact_phone: string | null;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
}): TroubleTicket {
  return {
    TicketID: row.id,
    ServiceLocationID: row.service_location_id,
    category: row.category,
    subject: row.subject,
    description: row.description,
    status: row.status,
    contactPhone: row.contact_phone,
    createdAt: row.created_at,
    createdBy: nameOf(row),
  };
}
