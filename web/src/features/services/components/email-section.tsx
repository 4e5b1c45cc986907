import type { Mailbox } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { Button, ButtonAnchor } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useEmailObject } from '../api/services';
import { ForwardForm, PasswordForm, VacationForm } from './mailbox-forms';

type OpenForm = { mailboxId: number; form: 'password' | 'forward' | 'vacation' } | null;

const mb = (n: number) => `${n.toLocaleString('en-US')} MB`;

/** getEmailObject: the account's mailboxes with usage, and their password, forwarding and auto-reply forms. */
export function EmailSection() {
  const email = useEmailObject(true);
  const [open, setOpen] = useState<OpenForm>(null);
  return (
    <section className="stack" aria-labelledby="email-heading">
      <div className="section-head">
        <h2 id="email-heading">Email</h2>
        {email.data && (
          <ButtonAnchor variant="secondary" href={email.data.webmailUrl} target="_blank" rel="noopener noreferrer">
            Open webmail
          </ButtonAnchor>
        )}
      </div>
      {email.isPending && <Skeleton label="Loading mailboxes…" />}
      {email.isError && <FormAlert message={errorMessage(email.error)} />}
      {email.data?.mailboxes.length === 0 && <EmptyState>No email accounts on this account</EmptyState>}
      <ul className="card-list">
        {email.data?.mailboxes.map((m) => (
          <li key={m.EmailAccountID}>
            <MailboxCard
              mailbox={m}
              open={open?.mailboxId === m.EmailAccountID ? open.form : null}
              onOpen={(form) => setOpen(form ? { mailboxId: m.EmailAccountID, form } : null)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface MailboxCardProps {
  mailbox: Mailbox;
  open: 'password' | 'forward' | 'vacation' | null;
  onOpen(form: 'password' | 'forward' | 'vacation' | null): void;
}

function vacationSummary(v: Mailbox['vacation']): string {
  if (!v.enabled) return 'Off';
  const from = v.startDate ? ` from ${formatDay(v.startDate)}` : '';
  const to = v.endDate ? ` until ${formatDay(v.endDate)}` : '';
  return `On${from}${to}: “${v.subject}”`;
}

function MailboxCard({ mailbox: m, open, onOpen }: MailboxCardProps) {
  const headingId = `mailbox-${m.EmailAccountID}`;
  const percent = m.quotaMb > 0 ? Math.min(100, Math.round((m.usedMb / m.quotaMb) * 100)) : 0;
  const close = () => onOpen(null);
  return (
    <article className="card item-card" aria-labelledby={headingId}>
      <header className="item-card__head">
        <h3 id={headingId} className="mailbox__address">
          {m.address}
        </h3>
      </header>
      <dl className="facts facts--compact">
        <div>
          <dt>Owner</dt>
          <dd>{m.ownerName}</dd>
        </div>
        <div>
          <dt>Storage</dt>
          <dd>
            {mb(m.usedMb)} of {mb(m.quotaMb)} used ({percent}%)
            <meter
              className="usage-meter"
              min={0}
              max={m.quotaMb}
              value={m.usedMb}
              high={m.quotaMb * 0.9}
              aria-label={`Storage used by ${m.address}`}
            />
          </dd>
        </div>
        <div>
          <dt>Forwarding</dt>
          <dd>{m.forwardTo ? `To ${m.forwardTo}${m.keepCopy ? ', a copy is kept' : ''}` : 'Off'}</dd>
        </div>
        <div>
          <dt>Auto-reply</dt>
          <dd>{vacationSummary(m.vacation)}</dd>
        </div>
      </dl>
      {open === null && (
        <div className="actions">
          <Button type="button" variant="secondary" onClick={() => onOpen('password')}>
            Change password
          </Button>
          <Button type="button" variant="secondary" onClick={() => onOpen('forward')}>
            Forwarding
          </Button>
          <Button type="button" variant="secondary" onClick={() => onOpen('vacation')}>
            Auto-reply
          </Button>
        </div>
      )}
      {open === 'password' && <PasswordForm mailbox={m} onDone={close} />}
      {open === 'forward' && <ForwardForm mailbox={m} onDone={close} />}
      {open === 'vacation' && <VacationForm mailbox={m} onDone={close} />}
    </article>
  );
}
