import { type ContactLinkObject, LINK_TYPES, type LinkType } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useContactLinkObject, useLinkContactLocations } from '../api/contacts';

interface Choice {
  linked: boolean;
  linkType: LinkType;
}

/** Links a contact to the account's service locations, each with a link type (linkContactLocations). */
export function ContactLinksForm({ contactId, onDone }: { contactId: number; onDone(): void }) {
  const object = useContactLinkObject(contactId);
  if (object.isError) return <FormAlert message={errorMessage(object.error)} />;
  if (!object.data) return <Skeleton label="Loading service locations…" />;
  return <LoadedContactLinksForm contactId={contactId} onDone={onDone} object={object.data} />;
}

/** The form starts from the links as loaded; a later refetch does not undo what the user chose. */
function LoadedContactLinksForm({
  contactId,
  onDone,
  object,
}: {
  contactId: number;
  onDone(): void;
  object: ContactLinkObject;
}) {
  const save = useLinkContactLocations();
  const [choices, setChoices] = useState<Record<number, Choice>>(() =>
    Object.fromEntries(
      object.locations.map((l) => [
        l.ServiceLocationID,
        { linked: l.linked, linkType: (l.linkType as LinkType | null) ?? 'Primary' },
      ]),
    ),
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const update = (id: number, change: Partial<Choice>) =>
    setChoices((c) => ({ ...c, [id]: { ...(c[id] ?? { linked: false, linkType: 'Primary' }), ...change } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    const links = Object.entries(choices)
      .filter(([, c]) => c.linked)
      .map(([id, c]) => ({ ServiceLocationID: Number(id), linkType: c.linkType }));
    try {
      await save.mutateAsync({ id: contactId, links });
      popup.show('Service locations saved');
      onDone();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <Form
      className="card form-card inline-form"
      onSubmit={onSubmit}
      aria-label={`Service locations of ${object.ContactName}`}
    >
      <fieldset className="fieldset">
        <legend>Link {object.ContactName} to service locations</legend>
        <FormAlert message={errors.message} />
        {object.locations.map((l) => {
          const choice = choices[l.ServiceLocationID] ?? { linked: false, linkType: 'Primary' };
          return (
            <div key={l.ServiceLocationID} className="link-choice">
              <div className="field field--check">
                <input
                  id={`choose-${contactId}-${l.ServiceLocationID}`}
                  type="checkbox"
                  checked={choice.linked}
                  onChange={(event) => update(l.ServiceLocationID, { linked: event.target.checked })}
                />
                <label htmlFor={`choose-${contactId}-${l.ServiceLocationID}`}>{l.fullAddress}</label>
              </div>
              <label className="visually-hidden" htmlFor={`type-${contactId}-${l.ServiceLocationID}`}>
                Link type at {l.fullAddress}
              </label>
              <select
                id={`type-${contactId}-${l.ServiceLocationID}`}
                className="select select--inline"
                value={choice.linkType}
                disabled={!choice.linked}
                onChange={(event) => update(l.ServiceLocationID, { linkType: event.target.value as LinkType })}
              >
                {LINK_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>
      <div className="actions">
        <Button type="submit" busy={save.isPending} busyText="Saving…">
          Save links
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
