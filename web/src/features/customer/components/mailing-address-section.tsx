import { type AddressUpdate, AddressUpdateSchema, type MailingLocation, US_STATE_CODES } from '@strand/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { lookupZipCode, useMailingLocations, useUpdateAddress } from '../api/bills';
import { SelectField, withoutFieldError } from './ui';

/** getMailingLocationObject and updateAddress, with the ZIP lookup filling city and state. */
export function MailingAddressSection({ mayEdit }: { mayEdit: boolean }) {
  const locations = useMailingLocations();
  if (locations.isError) return <FormAlert message={errorMessage(locations.error)} />;
  if (!locations.data) return <p className="muted">Loading your mailing address…</p>;
  return (
    <section className="stack" aria-labelledby="mailing-heading">
      <h2 id="mailing-heading">Mailing address</h2>
      <p className="page__lead">Where your paper bills and notices are sent.</p>
      {locations.data.length === 0 && <p className="empty-state">No Location Found</p>}
      {locations.data.map((l) => (
        <AddressForm key={l.MailingLocationID} location={l} mayEdit={mayEdit} />
      ))}
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
  const [values, setValues] = useState<AddressUpdate>(() => valuesOf(location));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [zipNote, setZipNote] = useState<string | null>(null);
  const update = useUpdateAddress();
  const lastLookup = useRef(location.vcZip);
  const set = (field: keyof AddressUpdate) => (value: string) => {
    setErrors((e) => withoutFieldError(e, field));
    setValues((v) => ({ ...v, [field]: value }));
  };

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
  }, [values.vcZip]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(AddressUpdateSchema, values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors(NO_ERRORS);
    try {
      const saved = await update.mutateAsync({ id: location.MailingLocationID, input: values });
      setValues(valuesOf(saved));
      popup.show('Mailing address saved');
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-label="Mailing address">
      <fieldset className="fieldset" disabled={!mayEdit}>
        <legend className="visually-hidden">Mailing address</legend>
        <FormAlert message={errors.message} />
        <TextField
          label="Street address"
          name="vcAddress"
          autoComplete="address-line1"
          value={values.vcAddress}
          onValueChange={set('vcAddress')}
          error={errors.fields.vcAddress}
        />
        <TextField
          label="Apartment, suite or unit (optional)"
          name="vcAddress2"
          autoComplete="address-line2"
          value={values.vcAddress2}
          onValueChange={set('vcAddress2')}
          error={errors.fields.vcAddress2}
        />
        <div className="field-row">
          <TextField
            label="ZIP code"
            name="vcZip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={values.vcZip}
            onValueChange={set('vcZip')}
            error={errors.fields.vcZip}
          />
          <TextField
            label="ZIP+4 (optional)"
            name="vcZipFour"
            inputMode="numeric"
            maxLength={4}
            value={values.vcZipFour}
            onValueChange={set('vcZipFour')}
            error={errors.fields.vcZipFour}
          />
        </div>
        <p className="field__hint" role="status">
          {zipNote}
        </p>
        <div className="field-row">
          <TextField
            label="City"
            name="vcCity"
            autoComplete="address-level2"
            value={values.vcCity}
            onValueChange={set('vcCity')}
            error={errors.fields.vcCity}
          />
          <SelectField
            label="State"
            value={values.vcState.toUpperCase()}
            onValueChange={set('vcState')}
            options={US_STATE_CODES.map((s) => ({ value: s, label: s }))}
            error={errors.fields.vcState}
            autoComplete="address-level1"
          />
        </div>
      </fieldset>
      {mayEdit ? (
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save address'}
        </button>
      ) : (
        <p className="notice">Your user can see the mailing address but not change it.</p>
      )}
    </form>
  );
}
