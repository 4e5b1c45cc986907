/**
 * The change-of-packages form (issue 12 steps 6 and 7), shared by the customer's /orders/change page and the staff
 * page that changes packages on a customer's behalf: the same checks (the domain's schema and changeNeedsVisit), the
 * same fields; the caller says who is speaking (texts) and how the change is sent.
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
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from './form-errors';
import { formatDay } from './format';
import { Button } from './ui/button';
import { Form } from './ui/form';
import { SelectField } from './ui/parts';
import { withoutFieldError } from './use-form';

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
  const [key] = useState(newIdempotencyKey);
  const [add, setAdd] = useState<number[]>([]);
  const [remove, setRemove] = useState<number[]>([]);
  const [installDate, setInstallDate] = useState('');
  const [installWindow, setInstallWindow] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const added = options.packages.filter((p) => add.includes(p.packageId));
  const needsVisit = changeNeedsVisit(
    added.map((p) => p.speedMbps),
    options.ontMaxMbps,
  );
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
    };
    const checked = validate(ChangeOrderRequestSchema, request);
    if ('errors' in checked) return setErrors(checked.errors);
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
      setErrors(formErrorsFrom(err));
    }
  };

  const activeOnes = options.packages.filter((p) => p.active);
  const offered = options.packages.filter((p) => !p.active);
  return (
    <Form onSubmit={onSubmit} message={errors.message} aria-labelledby={labelledBy}>
      <p>{options.fullAddress}</p>
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
              {p.needsVisit && <span className="muted"> (needs an ONT upgrade visit)</span>}
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
          <legend>The installer’s visit</legend>
          <p className="muted">
            {added.map((p) => p.name).join(', ')} needs a 10G ONT: an installer upgrades it. The change starts when the
            visit is done.
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
      <div className="actions">
        <Button type="submit" busy={pending}>
          {pending ? 'Placing the change…' : needsVisit ? 'Book the visit and place the change' : 'Change packages'}
        </Button>
      </div>
    </Form>
  );
}
