import { AddFaxEmailRequestSchema, type FaxNumber, formatPhone } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useDownload } from '../../../lib/use-download';
import { useForm } from '../../../lib/use-form';
import { downloadReceivedFax, useAddFaxEmail, useFaxObject, useRemoveFaxEmail } from '../api/services';
import { FaxOutbox } from './fax-outbox';
import { SendFaxForm } from './fax-send';

/**
 * The account's fax numbers: fax-to-email recipients (add, remove) and the faxes received, each downloadable; then
 * sending a fax and the outbox with its queue.
 */
export function FaxSection() {
  const fax = useFaxObject(true);
  return (
    <section className="stack" aria-labelledby="fax-heading">
      <h2 id="fax-heading">Fax</h2>
      {fax.isPending && <Skeleton label="Loading fax numbers…" />}
      {fax.isError && <FormAlert message={errorMessage(fax.error)} />}
      {fax.data?.faxNumbers.length === 0 && <EmptyState>No fax numbers on this account</EmptyState>}
      <ul className="card-list">
        {fax.data?.faxNumbers.map((n) => (
          <li key={n.FaxNumberID}>
            <FaxNumberCard fax={n} max={fax.data.maxEmailAddresses} />
          </li>
        ))}
      </ul>
      {fax.data && fax.data.faxNumbers.length > 0 && (
        <>
          <SendFaxForm numbers={fax.data.faxNumbers} />
          <FaxOutbox />
        </>
      )}
    </section>
  );
}

function FaxNumberCard({ fax, max }: { fax: FaxNumber; max: number }) {
  const number = formatPhone(fax.number);
  const headingId = `fax-${fax.FaxNumberID}`;
  const remove = useRemoveFaxEmail();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ id: number; email: string } | null>(null);

  const onRemove = async (faxEmailId: number, email: string) => {
    setRemoveError(null);
    try {
      await remove.mutateAsync({ faxNumberId: fax.FaxNumberID, faxEmailId });
      popup.show(`${email} no longer receives faxes to ${number}`);
    } catch (error) {
      setRemoveError(errorMessage(error));
    }
  };
  const download = useDownload();
  const onDownload = (faxId: number) => download.run(() => downloadReceivedFax(faxId), String(faxId));

  return (
    <article className="card item-card" aria-labelledby={headingId}>
      <header className="item-card__head">
        <h3 id={headingId}>Fax {number}</h3>
      </header>
      {fax.fullAddress && <p className="muted">At {fax.fullAddress}</p>}

      <h4>
        Fax-to-email addresses ({fax.emailAddresses.length} of {max})
      </h4>
      <FormAlert message={removeError} />
      {fax.emailAddresses.length === 0 ? (
        <p className="muted">Faxes to this number are not sent to any email address.</p>
      ) : (
        <ul className="service-rows" aria-label={`Fax-to-email addresses of ${number}`}>
          {fax.emailAddresses.map((e) => (
            <li key={e.FaxEmailID} className="service-row">
              <span className="service-row__name">{e.email}</span>
              <Button
                type="button"
                variant="destructive"
                small
                disabled={remove.isPending}
                onClick={() => setAsking({ id: e.FaxEmailID, email: e.email })}
                aria-label={`Remove ${e.email}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <LazyConfirmDialog
          message={`Stop sending faxes to ${asking.email}?`}
          yesLabel="Yes, remove it"
          noLabel="Keep it"
          danger
          onYes={() => {
            const { id, email } = asking;
            setAsking(null);
            void onRemove(id, email);
          }}
          onNo={() => setAsking(null)}
        />
      )}
      {fax.emailAddresses.length < max ? (
        <AddFaxEmailForm faxNumberId={fax.FaxNumberID} number={number} />
      ) : (
        <p className="muted">This number sends to the most addresses it can ({max}). Remove one to add another.</p>
      )}

      <h4>Received faxes</h4>
      <FormAlert message={download.error} />
      {fax.received.length === 0 ? (
        <p className="muted">No faxes received yet.</p>
      ) : (
        <ul className="service-rows" aria-label={`Faxes received on ${number}`}>
          {fax.received.map((r) => {
            const label = `From ${formatPhone(r.fromNumber)}, ${formatMoment(r.receivedAt)}`;
            return (
              <li key={r.FaxID} className="service-row">
                <span className="service-row__name">{label}</span>
                <span className="muted">
                  {r.pages} {r.pages === 1 ? 'page' : 'pages'}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  small
                  busy={download.isBusy(String(r.FaxID))}
                  disabled={download.busy}
                  onClick={() => onDownload(r.FaxID)}
                  aria-label={`Download fax ${label}`}
                >
                  Download PDF
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}

function AddFaxEmailForm({ faxNumberId, number }: { faxNumberId: number; number: string }) {
  const form = useForm({ email: '' });
  const add = useAddFaxEmail();
  const onSubmit = form.submit(
    AddFaxEmailRequestSchema,
    async (body) => {
      const added = await add.mutateAsync({ faxNumberId, body });
      popup.show(`Faxes to ${number} will also go to ${added.email}`);
      form.setValues({ email: '' });
    },
    // The one field's message says it all; the alert speaks only of what is not about the field.
    { mapErrors: (e) => (e.fields.email ? { ...e, message: null } : e) },
  );
  return (
    <Form
      className="inline-add"
      onSubmit={onSubmit}
      aria-label={`Add a fax-to-email address to ${number}`}
      message={form.errors.message}
    >
      <TextField label="Email address" type="email" inputMode="email" maxLength={254} {...form.field('email')} />
      <Button type="submit" busy={add.isPending} busyText="Adding…">
        Add address
      </Button>
    </Form>
  );
}
