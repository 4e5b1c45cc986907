import { type FaxAttempt, formatPhone, type SentFax, type SentFaxStatus } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatBytes, formatMoment } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Popover } from '../../../lib/ui/popover';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useDownload } from '../../../lib/use-download';
import { downloadSentFaxFile, useFaxOutbox, useRetryFax } from '../api/customer-services';

const STATUS_LABEL: Record<SentFaxStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

const OUTCOME_LABEL: Record<FaxAttempt['outcome'], string> = {
  sent: 'Sent',
  busy: 'Busy',
  'no-answer': 'No answer',
  failed: 'Failed',
  error: 'Carrier did not answer',
};

/** The outbox: the queue (queued and sending, refreshed as they move) and the faxes sent or failed. */
export function FaxOutbox() {
  const outbox = useFaxOutbox();
  const faxes = outbox.data?.faxes ?? [];
  const waiting = faxes.filter((f) => f.status === 'queued' || f.status === 'sending');
  const done = faxes.filter((f) => f.status === 'sent' || f.status === 'failed');
  return (
    <section className="stack" aria-labelledby="outbox-heading">
      <h3 id="outbox-heading">Sent faxes</h3>
      {outbox.isPending && <Skeleton label="Loading sent faxes…" />}
      {outbox.isError && <FormAlert message={errorMessage(outbox.error)} />}
      {outbox.data && (
        <>
          <h4>Queue</h4>
          {waiting.length === 0 ? (
            <p className="muted">No faxes waiting to be sent.</p>
          ) : (
            <ul className="card-list" aria-label="Fax queue">
              {waiting.map((f) => (
                <li key={f.SentFaxID}>
                  <SentFaxCard fax={f} maxAttempts={outbox.data.limits.maxAttempts} />
                </li>
              ))}
            </ul>
          )}
          <h4>Outbox</h4>
          {done.length === 0 ? (
            <EmptyState>No faxes sent from this account yet</EmptyState>
          ) : (
            <ul className="card-list" aria-label="Fax outbox">
              {done.map((f) => (
                <li key={f.SentFaxID}>
                  <SentFaxCard fax={f} maxAttempts={outbox.data.limits.maxAttempts} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function SentFaxCard({ fax, maxAttempts }: { fax: SentFax; maxAttempts: number }) {
  const to = formatPhone(fax.toNumber);
  const headingId = `sent-fax-${fax.SentFaxID}`;
  const retry = useRetryFax();
  const [error, setError] = useState<string | null>(null);
  const onRetry = async () => {
    setError(null);
    try {
      await retry.mutateAsync(fax.SentFaxID);
      popup.show(`Fax to ${to} is back in the queue`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const download = useDownload();
  const onDownload = (fileId: number, name: string) => {
    setError(null);
    download.run(() => downloadSentFaxFile(fax.SentFaxID, fileId, name), String(fileId));
  };
  const tries = fax.attempts.length;
  return (
    <article className="card item-card" aria-labelledby={headingId} data-testid={`sent-fax-${fax.SentFaxID}`}>
      <header className="item-card__head">
        <h5 id={headingId} className="sent-fax__to">
          To {to}
        </h5>
        <span className="sent-fax__badges">
          <StatusBadge status={STATUS_LABEL[fax.status]} />
          {fax.retried && <StatusBadge status="Retried" />}
        </span>
      </header>
      <p className="muted">
        {fax.status === 'sent' && fax.sentAt
          ? `Sent ${formatMoment(fax.sentAt)}`
          : `Queued ${formatMoment(fax.createdAt)}`}
        {' · '}
        {fax.pages} {fax.pages === 1 ? 'page' : 'pages'}, {formatBytes(fax.sizeBytes)}
        {fax.coverPage ? ' · with a cover page' : ''}
      </p>
      {fax.status === 'failed' && fax.reason && <p className="sent-fax__reason">Failed: {fax.reason}</p>}
      {fax.status === 'queued' && (
        <p className="muted">
          {fax.reason ? `Last try: ${fax.reason} ` : ''}
          {fax.nextAttemptAt ? `Next try ${formatMoment(fax.nextAttemptAt)}` : ''}
          {fax.reason ? ` (at most ${maxAttempts} tries, then it fails and can be sent again).` : ''}
        </p>
      )}
      {fax.status === 'sending' && <p className="muted">Dialling {to} now…</p>}
      <FormAlert message={error ?? download.error} />
      <ul className="service-rows" aria-label={`Files of the fax to ${to}`}>
        {fax.files.map((f) => (
          <li key={f.FileID} className="service-row">
            <span className="service-row__name">{f.kind === 'cover' ? 'Cover page' : f.name}</span>
            <span className="muted">
              {f.pages} {f.pages === 1 ? 'page' : 'pages'}
            </span>
            <Button
              type="button"
              variant="secondary"
              small
              busy={download.isBusy(String(f.FileID))}
              disabled={download.busy}
              onClick={() => onDownload(f.FileID, f.name)}
              aria-label={`Download ${f.kind === 'cover' ? 'the cover page' : f.name} of the fax to ${to}`}
            >
              Download
            </Button>
          </li>
        ))}
      </ul>
      {tries > 0 && (
        <Popover label={`${tries} ${tries === 1 ? 'call' : 'calls'} to the carrier`} title="Calls to the carrier">
          <ol className="sent-fax__attempts">
            {fax.attempts.map((a) => (
              <li key={`${a.at}-${a.outcome}`}>
                {formatMoment(a.at)}: {OUTCOME_LABEL[a.outcome]}
                {a.detail && a.outcome !== 'sent' ? ` (${a.detail})` : ''}
              </li>
            ))}
          </ol>
        </Popover>
      )}
      {fax.status === 'failed' && (
        <div className="actions">
          <Button
            type="button"
            busy={retry.isPending}
            onClick={onRetry}
            aria-label={`Send the fax to ${to} again`}
            busyText="Queuing…"
          >
            Send again
          </Button>
        </div>
      )}
    </article>
  );
}
