/**
 * The change-of-packages form (issue 12 steps 6 and 7), shared by the customer's /orders/change page and the staff
 * page that changes packages on a customer's behalf: the same checks (the domain's schema and changeNeedsVisit), the
 * same fields; the caller says who is speaking (texts) and how the change is sent. At a location the fiber drop does
 * not reach (a cancelled order's), the change is a new install paid now, as checkout is: the form says what the crews
 * do, offers the install days and takes a card (issue 28).
 */
import {
  type ChangeOptions,
  ChangeOrderRequestSchema,
  type ChangeOrderResult,
  changeNeedsVisit,
  formatCents,
  INSTALL_WINDOWS,
} from '@strand/domain';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { newIdempotencyKey } from './api-client';
import { ApiError } from './api-error';
import { CardFields, type CardValues } from './checkout/checkout-fields';
import { cardPaymentOf } from './checkout/place-checkout';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from './form-errors';
import { formatDay } from './format';
import { useSavedCards } from './saved-cards';
import { Button } from './ui/button';
import { Form } from './ui/form';
import { SelectField } from './ui/parts';
import { useForm, withoutFieldError } from './use-form';

const NO_CARD: CardValues = { holderName: '', cardNumber: '', expMonth: '', expYear: '', cvc: '', postalCode: '' };
const PAYMENT_PREFIX = 'payment.';

/** The server's messages on `payment.*` go to the card's fields, the others stay with the change's. */
function splitPaymentErrors(errors: FormErrors): { change: FormErrors; card: FormErrors } {
  const entries = Object.entries(errors.fields);
  const card = Object.fromEntries(
    entries.filter(([k]) => k.startsWith(PAYMENT_PREFIX)).map(([k, v]) => [k.slice(PAYMENT_PREFIX.length), v]),
  );
  const change = Object.fromEntries(entries.filter(([k]) => !k.startsWith(PAYMENT_PREFIX)));
  return { change: { message: errors.message, fields: change }, card: { message: null, fields: card } };
}

export type ChangeRequestData = z.output<typeof ChangeOrderRequestSchema>;

export interface ChangePackagesFormProps {
  options: ChangeOptions;
  /** Sends the checked change under the form's one Idempotency-Key. */
  place: (request: ChangeRequestData, key: string) => Promise<ChangeOrderResult>;
  pending: boolean;
  onPlaced: (result: ChangeOrderResult) => void;
  /** 'customer': "your ONT", "your next bill"; 'staff': the customer's. */
  voice: 'customer' | 'staff';
  labelledBy: string;
}

/**
 * The change as sets of ticked packages (like the permissions form, its values are checkboxes rather than text
 * fields): checked with the domain's schema before sending, the server's field messages shown on the same fields.
 */
export function ChangePackagesForm({ options, place, pending, onPlaced, voice, labelledBy }: ChangePackagesFormProps) {
  const [key, setKey] = useState(newIdempotencyKey);
  const card = useForm<CardValues>(NO_CARD);
  const newDrop = !options.dropExists;
  // The customer may pay with a card on file (staff take a card the customer reads out).
  const savedCards = useSavedCards(voice === 'customer' && newDrop);
  const [savedCard, setSavedCard] = useState('');
  const [add, setAdd] = useState<number[]>([]);
  const [remove, setRemove] = useState<number[]>([]);
  const [installDate, setInstallDate] = useState('');
  const [installWindow, setInstallWindow] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const added = options.packages.filter((p) => add.includes(p.packageId));
  const needsVisit =
    newDrop ||
    changeNeedsVisit(
      added.map((p) => p.speedMbps),
      options.ontMaxMbps,
    );
  const dueNowCents = added.reduce((sum, p) => sum + p.monthlyCents + p.installFeeCents, 0);
  const toggle = (list: number[], set: (next: number[]) => void, id: number, on: boolean, field: string) => {
    set(on ? [...list, id] : list.filter((x) => x !== id));
    setErrors((e) => withoutFieldError(withoutFieldError(e, field), 'add'));
  };
  const choose = (set: (value: string) => void, field: string) => (value: string) => {
    set(value);
    setErrors((e) => withoutFieldError(e, field));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    const request = {
      serviceLocationId: options.serviceLocationId,
      add,
      remove,
      ...(needsVisit ? { installDate: installDate || null, installWindow: installWindow || null } : {}),
      ...(newDrop
        ? {
            payment: savedCard !== '' ? { kind: 'saved', paymentMethodId: savedCard } : cardPaymentOf(card.values),
            expectedTotalCents: dueNowCents,
          }
        : {}),
    };
    card.setErrors(NO_ERRORS);
    const checked = validate(ChangeOrderRequestSchema, request);
    if ('errors' in checked) {
      const split = splitPaymentErrors(checked.errors);
      card.setErrors(split.card);
      return setErrors(split.change);
    }
    if (needsVisit && (!installDate || !installWindow)) {
      return setErrors({
        message: 'Choose a day and a window for the installer’s visit.',
        fields: {
          ...(installDate ? {} : { installDate: 'Choose a day.' }),
          ...(installWindow ? {} : { installWindow: 'Choose a window.' }),
        },
      });
    }
    try {
      onPlaced(await place(checked.data, key));
    } catch (err) {
      // A refused change stored nothing: the next attempt is a new one (a lost answer keeps its key, so it never
      // pays twice).
      if (newDrop && err instanceof ApiError && err.status !== 503) setKey(newIdempotencyKey());
      const split = splitPaymentErrors(formErrorsFrom(err));
      card.setErrors(split.card);
      setErrors(split.change);
    }
  };

  const activeOnes = options.packages.filter((p) => p.active);
  const offered = options.packages.filter((p) => !p.active);
  return (
    <Form onSubmit={onSubmit} message={errors.message} aria-labelledby={labelledBy}>
      <p>{options.fullAddress}</p>
      {newDrop && (
        <p className="notice">
          There is no fiber drop at this location yet. Packages added here are a new install: a crew surveys the
          property, builds the drop and splices it, then an installer connects the service.{' '}
          {voice === 'customer' ? 'You pay' : 'The customer pays'} the first month and the install fees now.
        </p>
      )}
      <p className="muted">
        {options.ontModel
          ? `${voice === 'customer' ? 'Your' : 'The'} ONT: ${options.ontModel}, up to ${options.ontMaxMbps === 10_000 ? '10 Gbps' : '1 Gbps'}.`
          : 'There is no ONT at this location yet: an internet package needs an installer’s visit.'}
      </p>
      <fieldset className="stack" aria-describedby={errors.fields.add ? 'add-error' : undefined}>
        <legend>Add packages</legend>
        {offered.length === 0 && <p className="muted">Every package sold here is active already.</p>}
        {offered.map((p) => (
          <div key={p.packageId} className="field field--check">
            <input
              id={`add-${p.packageId}`}
              type="checkbox"
              checked={add.includes(p.packageId)}
              onChange={(e) => toggle(add, setAdd, p.packageId, e.target.checked, 'add')}
            />
            <label htmlFor={`add-${p.packageId}`}>
              {p.name} — {formatCents(p.monthlyCents)} a month
              {p.installFeeCents > 0 ? ` + ${formatCents(p.installFeeCents)} install` : ''}
              {p.needsVisit && !newDrop && <span className="muted"> (needs an ONT upgrade visit)</span>}
            </label>
          </div>
        ))}
        {errors.fields.add && (
          <p id="add-error" className="field__error">
            {errors.fields.add}
          </p>
        )}
      </fieldset>
      <fieldset className="stack" aria-describedby={errors.fields.remove ? 'remove-error' : undefined}>
        <legend>Remove packages</legend>
        {activeOnes.length === 0 && <p className="muted">No package is active here.</p>}
        {activeOnes.map((p) => (
          <div key={p.packageId} className="field field--check">
            <input
              id={`remove-${p.packageId}`}
              type="checkbox"
              checked={remove.includes(p.packageId)}
              onChange={(e) => toggle(remove, setRemove, p.packageId, e.target.checked, 'remove')}
            />
            <label htmlFor={`remove-${p.packageId}`}>
              Remove {p.name} ({formatCents(p.monthlyCents)} a month)
            </label>
          </div>
        ))}
        {errors.fields.remove && (
          <p id="remove-error" className="field__error">
            {errors.fields.remove}
          </p>
        )}
      </fieldset>
      {needsVisit ? (
        <fieldset className="stack">
          <legend>{newDrop ? 'The install' : 'The installer’s visit'}</legend>
          <p className="muted">
            {newDrop
              ? 'The crew’s work comes first; the installer comes on the day you choose. The service starts then.'
              : `${added.map((p) => p.name).join(', ')} needs a 10G ONT: an installer upgrades it. The change starts when the visit is done.`}
          </p>
          <SelectField
            label="Day"
            value={installDate}
            onValueChange={choose(setInstallDate, 'installDate')}
            error={errors.fields.installDate}
            options={[
              { value: '', label: 'Choose a day' },
              ...options.visitDates.map((d) => ({ value: d, label: formatDay(d) })),
            ]}
          />
          <SelectField
            label="Window"
            value={installWindow}
            onValueChange={choose(setInstallWindow, 'installWindow')}
            error={errors.fields.installWindow}
            options={[{ value: '', label: 'Choose a window' }, ...INSTALL_WINDOWS.map((w) => ({ value: w, label: w }))]}
          />
        </fieldset>
      ) : (
        (add.length > 0 || remove.length > 0) && (
          <p className="muted">
            No visit needed: the change starts today, and {voice === 'customer' ? 'your' : 'the customer’s'} next bill
            is prorated.
          </p>
        )
      )}
      {newDrop && (
        <fieldset className="stack">
          <legend>Payment</legend>
          <p>
            Due now: <strong>{formatCents(dueNowCents)}</strong> (first month and install)
          </p>
          {savedCards.length > 0 && (
            <SelectField
              label="Pay with"
              name="savedCard"
              options={[{ value: '', label: 'A new card' }, ...savedCards]}
              value={savedCard}
              onValueChange={setSavedCard}
              error={errors.fields.payment ?? card.errors.fields.paymentMethodId}
            />
          )}
          {savedCard === '' && <CardFields form={card} autoFill={voice === 'customer'} />}
        </fieldset>
      )}
      <div className="actions">
        <Button type="submit" busy={pending}>
          {pending
            ? 'Placing the change…'
            : newDrop
              ? `Pay ${formatCents(dueNowCents)} and place the order`
              : needsVisit
                ? 'Book the visit and place the change'
                : 'Change packages'}
        </Button>
      </div>
    </Form>
  );
}
