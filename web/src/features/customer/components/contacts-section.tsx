import { type ContactMethod, type CustomerAccount, formatPhone, LINK_TYPES, type LinkType } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useChangeLinkType, useContacts, useDeleteContact, useUnlinkLocation } from '../api/contacts';
import { ContactForm } from './contact-form';
import { ContactLinksForm } from './contact-links-form';

type Editing = { mode: 'add' } | { mode: 'edit' | 'links'; id: number } | null;

/** Contact methods of the account with the service locations each is linked to (getContactMethods). */
export function ContactsSection({ account }: { account: CustomerAccount }) {
  const contacts = useContacts(true);
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <section className="stack" aria-labelledby="contacts-heading">
      <div className="section-head">
        <h2 id="contacts-heading">Contacts</h2>
        {editing?.mode !== 'add' && (
          <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
            Add a contact
          </Button>
        )}
      </div>
      {editing?.mode === 'add' && <ContactForm onDone={close} />}
      {contacts.isError && <FormAlert message={errorMessage(contacts.error)} />}
      {contacts.isPending && <Skeleton label="Loading contacts…" />}
      {contacts.data?.length === 0 && <EmptyState>No Contacts found</EmptyState>}
      <ul className="card-list">
        {contacts.data?.map((contact) => (
          <li key={contact.ContactMethodID}>
            {editing?.mode === 'edit' && editing.id === contact.ContactMethodID ? (
              <ContactForm contact={contact} onDone={close} />
            ) : (
              <ContactCard
                contact={contact}
                locationCount={account.serviceLocations.length}
                onEdit={() => setEditing({ mode: 'edit', id: contact.ContactMethodID })}
                onLinks={() => setEditing({ mode: 'links', id: contact.ContactMethodID })}
              />
            )}
            {editing?.mode === 'links' && editing.id === contact.ContactMethodID && (
              <ContactLinksForm contactId={contact.ContactMethodID} onDone={close} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ContactCardProps {
  contact: ContactMethod;
  locationCount: number;
  onEdit(): void;
  onLinks(): void;
}

function ContactCard({ contact, locationCount, onEdit, onLinks }: ContactCardProps) {
  const changeType = useChangeLinkType();
  const unlink = useUnlinkLocation();
  const remove = useDeleteContact();
  const [confirming, setConfirming] = useState(false);
  const failure = changeType.error ?? unlink.error ?? remove.error;
  const id = contact.ContactMethodID;

  const onRemove = async () => {
    try {
      await remove.mutateAsync(id);
      popup.show(`${contact.ContactName} removed`);
    } catch {
      setConfirming(false);
    }
  };

  return (
    <article className="card item-card" aria-labelledby={`contact-${id}`}>
      <header className="item-card__head">
        <h3 id={`contact-${id}`}>{contact.ContactName}</h3>
        <span className="tag">{contact.ContactCategory}</span>
      </header>
      <dl className="facts facts--compact">
        {contact.Phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:+1${contact.Phone}`}>{formatPhone(contact.Phone)}</a>
            </dd>
          </div>
        )}
        {contact.Phone2 && (
          <div>
            <dt>Second phone</dt>
            <dd>
              <a href={`tel:+1${contact.Phone2}`}>{formatPhone(contact.Phone2)}</a>
            </dd>
          </div>
        )}
        {contact.Email && (
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${contact.Email}`}>{contact.Email}</a>
            </dd>
          </div>
        )}
      </dl>
      <h4 className="section-title">Service locations</h4>
      {contact.locations.length === 0 ? (
        <p className="muted">Not linked to a service location.</p>
      ) : (
        <ul className="link-list">
          {contact.locations.map((l) => (
            <li key={l.ServiceLocationID}>
              <span className="link-list__address">{l.fullAddress}</span>
              <label className="visually-hidden" htmlFor={`link-${id}-${l.ServiceLocationID}`}>
                Link type for {l.fullAddress}
              </label>
              <select
                id={`link-${id}-${l.ServiceLocationID}`}
                className="select select--inline"
                value={l.linkType}
                disabled={changeType.isPending}
                onChange={(event) =>
                  changeType.mutate({
                    id,
                    serviceLocationId: l.ServiceLocationID,
                    linkType: event.target.value as LinkType,
                  })
                }
              >
                {LINK_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
              <Button
                type="button"
                variant="secondary"
                small
                disabled={unlink.isPending}
                onClick={() => unlink.mutate({ id, serviceLocationId: l.ServiceLocationID })}
              >
                Unlink<span className="visually-hidden"> {l.fullAddress}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failure && <FormAlert message={errorMessage(failure)} />}
      <div className="actions">
        <Button type="button" variant="secondary" onClick={onEdit}>
          Edit<span className="visually-hidden"> {contact.ContactName}</span>
        </Button>
        {locationCount > 0 && (
          <Button type="button" variant="secondary" onClick={onLinks}>
            Link locations<span className="visually-hidden"> of {contact.ContactName}</span>
          </Button>
        )}
        <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
          Remove<span className="visually-hidden"> {contact.ContactName}</span>
        </Button>
      </div>
      {confirming && (
        <LazyConfirmDialog
          message={`Remove ${contact.ContactName}?`}
          yesLabel={`Yes, remove ${contact.ContactName}`}
          noLabel="Keep"
          danger
          busy={remove.isPending}
          onYes={() => void onRemove()}
          onNo={() => setConfirming(false)}
        >
          <p>The contact and its links to your service locations are removed.</p>
        </LazyConfirmDialog>
      )}
    </article>
  );
}
