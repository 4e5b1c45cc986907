// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateTimeField, type DateTimeValue } from './date-time-field';

function Harness({ now }: { now: () => Date }) {
  const [value, setValue] = useState<DateTimeValue>({ date: '', time: '' });
  return <DateTimeField label="Arrival onsite" value={value} onValueChange={setValue} now={now} />;
}

afterEach(cleanup);

describe('the date time field’s Now', () => {
  it("sets its date and time to the provider's now with one labelled tap", () => {
    // 15:07 UTC on 28 Nov is 9:07 AM in the provider's zone (America/Chicago, CST).
    render(<Harness now={() => new Date('2026-11-28T15:07:30Z')} />);
    expect(screen.getByLabelText(/Arrival onsite time/)).toHaveProperty('value', '');
    const now = screen.getByRole('button', { name: 'Now for Arrival onsite' });
    expect(now.textContent).toBe('Now for Arrival onsite');
    fireEvent.click(now);
    expect(screen.getByLabelText(/Arrival onsite date/)).toHaveProperty('value', '2026-11-28');
    expect(screen.getByLabelText(/Arrival onsite time/)).toHaveProperty('value', '09:07');
    // The time's label names the zone it means.
    expect(screen.getByText(/CST/)).toBeTruthy();
  });

  it('takes the provider’s day, not UTC’s, just after midnight UTC', () => {
    render(<Harness now={() => new Date('2026-11-29T02:30:00Z')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Now for Arrival onsite' }));
    expect(screen.getByLabelText(/Arrival onsite date/)).toHaveProperty('value', '2026-11-28');
    expect(screen.getByLabelText(/Arrival onsite time/)).toHaveProperty('value', '20:30');
  });

  it('says its hint under the pair, and the fieldset is described by it', () => {
    render(
      <DateTimeField
        label="Window ends"
        hint="At most 72 hours later"
        value={{ date: '', time: '' }}
        onValueChange={() => {}}
      />,
    );
    const group = screen.getByRole('group', { name: 'Window ends' });
    const hint = screen.getByText('At most 72 hours later');
    expect(group.getAttribute('aria-describedby')).toBe(hint.id);
  });
});
