import { RESTORATION_NOTE_MAX, RESTORATION_STATUSES, type RestorationTicket } from '@strand/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, fetchBlob } from '../../../lib/api-client';
import { formErrorsFrom } from '../../../lib/form-errors';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useAddRestorationNote, useRestorationTickets } from '../api/field';
import { formatDate, formatDateTime } from '../format';
import { ContractorOnly } from './contractor-only';
import '../../../styles/contractor.css';
import '../../../styles/contractor-field.css';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';

/** /restorationTickets: the company's tickets, their notes and images (selectRestorationTickets). */
export function RestorationTicketsPage() {
  usePageTitle('Restoration Tickets');
  return (
    <ContractorOnly title="Restoration Tickets">
      <TicketsContent />
    </ContractorOnly>
  );
}

function TicketsContent() {
  const [status, setStatus] = useState('');
  const tickets = useRestorationTickets(status);
  const filterId = useId();
  return (
    <section className="contractor-page" aria-labelledby="tickets-heading">
      <h1 id="tickets-heading">Restoration Tickets</h1>
      <div className="field tickets-filter">
        <label htmlFor={filterId}>Status</label>
        <select id={filterId} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All tickets</option>
          {RESTORATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {tickets.isPending && <Skeleton label="Loading…" />}
      {tickets.isError && (
        <div className="alert alert--error" role="alert">
          {errorMessage(tickets.error)}
        </div>
      )}
      {tickets.data && tickets.data.length === 0 && <EmptyState>No restoration tickets found.</EmptyState>}
      {tickets.data && tickets.data.length > 0 && (
        <ul className="ticket-list">
          {tickets.data.map((t) => (
            <TicketCard key={t.nTicketID} ticket={t} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TicketCard({ ticket: t }: { ticket: RestorationTicket }) {
  const headingId = useId();
  return (
    <li className="card ticket" aria-labelledby={headingId}>
      <div className="wo-card__head">
        <h2 id={headingId} className="wo-card__title">
          Ticket #{t.nTicketID}
        </h2>
        <StatusBadge status={t.vcStatus} />
      </div>
      <p>{t.txtDescription}</p>
      <p className="muted">
        {t.vcAddress} · opened {formatDate(t.dtCreated)}
        {t.WorkOrderID && (
          <>
            {' · '}
            <Link to={`/workOrders?wo=${t.WorkOrderID}`}>
              WO #{t.WorkOrderID}
              {t.vcWorkOrderType ? ` ${t.vcWorkOrderType}` : ''}
            </Link>
          </>
        )}
      </p>
      {t.hasImage && <TicketImage ticketId={t.nTicketID} />}
      <h3 className="ticket__notes-title">Notes</h3>
      {t.notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ol className="ticket__notes">
          {t.notes.map((n) => (
            <li key={n.nNoteID}>
              <p className="ticket__note-meta">
                {n.vcAuthor} · {formatDateTime(n.dtCreated)}
              </p>
              <p>{n.txtNote}</p>
            </li>
          ))}
        </ol>
      )}
      <NoteForm ticketId={t.nTicketID} />
    </li>
  );
}

/** viewTroubleTicketImage: fetched with the session on request, shown inline. */
function TicketImage({ ticketId }: { ticketId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (url) {
    return (
      <figure className="ticket__image">
        <img src={url} alt={`Restoration ticket ${ticketId}`} />
        <figcaption>
          <button type="button" className="link-button" onClick={() => setUrl(null)}>
            Hide image
          </button>
        </figcaption>
      </figure>
    );
  }
  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      setUrl(URL.createObjectURL(await fetchBlob(`/api/contractor/restoration-tickets/${ticketId}/image`)));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" variant="secondary" onClick={show} disabled={busy} busy={busy} busyText="Loading image…">
        View image
      </Button>
      <FormAlert message={error} />
    </>
  );
}

function NoteForm({ ticketId }: { ticketId: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddRestorationNote(ticketId);
  const noteKey = useIdempotencyKey(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const note = text.trim();
    if (!note) return setError('Write a note before adding it.');
    setError(null);
    add.mutate(
      { txtNote: note, key: noteKey.get() },
      {
        onSuccess: () => {
          noteKey.reset();
          setText('');
        },
        onError: (err) => setError(formErrorsFrom(err).fields.txtNote ?? errorMessage(err)),
      },
    );
  };
  return (
    <Form className="ticket__note-form" onSubmit={submit}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>Add a note</label>
        <textarea
          id={id}
          rows={2}
          maxLength={RESTORATION_NOTE_MAX}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" variant="secondary" busy={add.isPending} busyText="Adding…">
        Add note
      </Button>
    </Form>
  );
}
