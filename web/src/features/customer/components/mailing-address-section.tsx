import { type AddressUpdate, AddressUpdateSchema, type MailingLocation, US_STATE_CODES } from '@strand/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { PaperlessBilling } from '../../../lib/paperless-billing';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { LazyComboboxField } from '../../../lib/ui/combobox-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { lookupZipCode, useMailingLocations, useUpdateAddress } from '../api/bills';

/** The states and territories, typed to filter (a select of 50+ codes is a long scroll on a phone). */
const STATE_OPTIONS = US_STATE_CODES.map((code) => ({ value: code, label: code }));

/** getMailingLocationObject and updateAddress, with the ZIP lookup filling city and state. */
export function MailingAddressSection({ mayEdit }: { mayEdit: boolean }) {
  const locations = useMailingLocations();
  if (locations.isError) return <FormAlert message={errorMessage(locations.error)} />;
  if (!locations.data) return <Skeleton label="Loading your mailing address…" />;
  return (
    <section className="stack" aria-labelledby="mailing-heading">
      <h2 id="mailing-heading">Mailing address</h2>
      <p className="page__lead">Where your paper bills and notices are sent.</p>
      {locations.data.length === 0 && <EmptyState>No Location Found</EmptyState>}
      {locations.data.map((l) => (
        <AddressForm key={l.MailingLocationID} location={l} mayEdit={mayEdit} />
      ))}
      <PaperlessBilling />
    </section>
  );
}

const valuesOf = (l: MailingLocation): AddressUpdate => ({
  vcAddress: l.vcAddress,
  vcAddress2: l.vcAddress2 ?? '',
  vcCity: l.vcCity,
  vcState: l.vcState,
  vcZip: l.vcZip,
  vcZipFour: l.vcZipFour ?? '',
});

function AddressForm({ location, mayEdit }: { location: MailingLocation; mayEdit: boolean }) {
  const form = useForm<AddressUpdate>(() => valuesOf(location));
  const { values, setValues, errors } = form;
  const [zipNote, setZipNote] = useState<string | null>(null);
  const update = useUpdateAddress();
  const lastLookup = useRef(location.vcZip);

  // zipCodeLookUp: five digits typed -> the city and state of that ZIP code, when it is in the provider's area.
  useEffect(() => {
    const zip = values.vcZip.trim();
    if (!/^\d{5}$/.test(zip) || zip === lastLookup.current) return;
    lastLookup.current = zip;
    const controller = new AbortController();
    lookupZipCode(zip, controller.signal)
      .then((place) => {
        if (!place) return setZipNote(`ZIP code ${zip} is outside our area: type the city and state.`);
        setValues((v) => ({ ...v, vcCity: place.vcCity, vcState: place.vcState }));
        setZipNote(`City and state filled in from ZIP code ${zip}.`);
      })
      .catch(() => setZipNote(null));
    return () => controller.abort();
  }, [values.vcZip, setValues]);

  const onSubmit = form.submit(AddressUpdateSchema, async () => {
    const saved = await update.mutateAsync({ id: location.MailingLocationID, input: values });
    setValues(valuesOf(saved));
    popup.show('Mailing address saved');
  });

  return (
    <Form className="card form-card" onSubmit={onSubmit} aria-label="Mailing address">
      <fieldset className="fieldset" disabled={!mayEdit}>
        <legend className="visually-hidden">Mailing address</legend>
        <FormAlert message={errors.message} />
        <TextField label="Street address" autoComplete="address-line1" {...form.field('vcAddress')} />
        <TextField
          label="Apartment, suite or unit (optional)"
          autoComplete="address-line2"
          {...form.field('vcAddress2')}
        />
        <div className="field-row">
          <TextField
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            {...form.field('vcZip')}
          />
          <TextField label="ZIP+4 (optional)" inputMode="numeric" maxLength={4} {...form.field('vcZipFour')} />
        </div>
        <p className="field__hint" role="status">
          {zipNote}
        </p>
        <div className="field-row">
          <TextField label="City" autoComplete="address-level2" {...form.field('vcCity')} />
          <LazyComboboxField
            label="State"
            value={values.vcState.toUpperCase()}
            onValueChange={form.set('vcState')}
            error={errors.fields.vcState}
            options={STATE_OPTIONS}
            emptyText="No state has this code"
          />
        </div>
      </fieldset>
      {mayEdit ? (
        <Button type="submit" busy={update.isPending} busyText="Saving…">
          Save address
        </Button>
      ) : (
        <p className="notice">Your user can see the mailing address but not change it.</p>
      )}
    </Form>
  );
}
