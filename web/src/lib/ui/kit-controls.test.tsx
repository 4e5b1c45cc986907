// @vitest-environment happy-dom
/**
 * Component tests of the kit's interactive primitives: tabs and section tabs, the "More actions" menu, the popover, the
 * message toast, the combobox, the date and time fields and the data table's column priorities.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ComboboxField, filterOptions } from './combobox';
import { columnPriorityClass, DataTable } from './data-table';
import { DateField, providerNow, providerToday, TimeField } from './date-time-field';
import { Menu } from './menu';
import { SectionNav } from './parts';
import { Popover } from './popover';
import { Tabs } from './tabs';
import { MessageToast } from './toast';

beforeAll(() => {
  // The DOM of the tests has no layout observers; Radix's popper and the table's hint read them.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
  Element.prototype.hasPointerCapture ??= () => false;
});
afterEach(cleanup);

const COMBO_OPTIONS = [
  { value: '1', label: '100 Maple Ave', detail: 'Ashland' },
  { value: '2', label: '250 Maple Ave', detail: 'Medford' },
  { value: '3', label: '12 Oak St', detail: 'Ashland' },
];
/** Nov 27, 9:30 PM in Chicago (the provider's clock), already Nov 28 in UTC. */
const EXAMPLE_NOW = () => new Date('2026-11-28T03:30:00Z');

function ToastHarness({ onPause, onResume }: { onPause(): void; onResume(): void }) {
  const [open, setOpen] = useState(true);
  return (
    <div className="popup-region" role="status" aria-live="polite">
      <MessageToast
        message="Settings saved"
        open={open}
        onDismiss={() => setOpen(false)}
        onPause={onPause}
        onResume={onResume}
      />
    </div>
  );
}

function ComboboxHarness() {
  const [value, setValue] = useState('');
  return (
    <>
      <ComboboxField label="Service address" options={COMBO_OPTIONS} value={value} onValueChange={setValue} />
      <output>chosen:{value}</output>
    </>
  );
}

function DateTimeHarness() {
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  return (
    <>
      <DateField label="Install date" value={day} onValueChange={setDay} now={EXAMPLE_NOW} error="Choose a day." />
      <TimeField label="Arrival" value={time} onValueChange={setTime} now={EXAMPLE_NOW} />
    </>
  );
}

describe('Tabs', () => {
  it('moves between tabs with the arrow keys and shows each panel', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Example"
        tabs={[
          { id: 'a', label: 'Summary', content: <p>Summary panel</p> },
          { id: 'b', label: 'Equipment', content: <p>Equipment panel</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Summary panel');
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Equipment' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Equipment' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Equipment panel');
  });
});

describe('SectionNav', () => {
  it('keeps its links, Tab reaches the current one, and the arrow keys move between them', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <SectionNav
              label="Sections"
              current="pay"
              sections={[
                { id: 'bills', label: 'Bills' },
                { id: 'pay', label: 'Pay' },
                { id: 'autopay', label: 'Autopay' },
              ]}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link')).toHaveLength(3);
    expect(within(nav).getByRole('link', { name: 'Pay' })).toHaveAttribute('aria-current', 'page');
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Pay' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(nav).getByRole('link', { name: 'Autopay' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(nav).getByRole('link', { name: 'Bills' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?section=bills');
  });
});

describe('Menu', () => {
  it('opens from "More actions" with the keyboard, chooses an item and marks a destructive one', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    const cancel = vi.fn();
    render(
      <Menu
        items={[
          { label: 'Print', onSelect: print },
          { label: 'Cancel the order', onSelect: cancel, destructive: true },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'More actions' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Print', 'Cancel the order']);
    expect(items[1]).toHaveClass('kit-menu__item--destructive');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(cancel).toHaveBeenCalledOnce();
    expect(print).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('Popover', () => {
  it('opens a named panel from its button and Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <Popover label="What is a drop?" title="The drop">
        <p>The line to your house.</p>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'What is a drop?' });
    await user.click(trigger);
    const panel = await screen.findByRole('dialog', { name: 'The drop' });
    expect(panel).toHaveTextContent('The line to your house.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('MessageToast', () => {
  it('shows the message in a polite live region, pauses while focused, and dismisses on a click', async () => {
    const user = userEvent.setup();
    const onPause = vi.fn();
    const onResume = vi.fn();
    render(<ToastHarness onPause={onPause} onResume={onResume} />);
    const region = screen.getAllByRole('status').find((el) => el.classList.contains('popup-region'));
    expect(region).toHaveAttribute('aria-live', 'polite');
    const message = await within(region as HTMLElement).findByRole('button', { name: 'Settings saved' });
    act(() => message.focus());
    expect(onPause).toHaveBeenCalled();
    await user.click(message);
    expect(within(region as HTMLElement).queryByText('Settings saved')).not.toBeInTheDocument();
  });
});

describe('ComboboxField', () => {
  const OPTIONS = COMBO_OPTIONS;

  it('filters on every word typed, in the label or the detail', () => {
    expect(filterOptions(OPTIONS, 'maple ashland').map((o) => o.value)).toEqual(['1']);
    expect(filterOptions(OPTIONS, '  ').map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(filterOptions(OPTIONS, 'pine')).toEqual([]);
  });

  it('is a labelled combobox: typing narrows the list, arrows and Enter choose', async () => {
    const user = userEvent.setup();
    render(<ComboboxHarness />);
    const input = screen.getByRole('combobox', { name: 'Service address' });
    await user.type(input, 'maple');
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    expect(screen.getByText('chosen:2')).toBeInTheDocument();
    expect(input).toHaveValue('250 Maple Ave');
    await user.clear(input);
    await user.type(input, 'pine');
    expect(screen.getByText('Nothing matches these words')).toBeInTheDocument();
  });

  it('shows the label of a value set from outside (a ZIP code filling the state)', () => {
    const { rerender } = render(
      <ComboboxField label="State" options={OPTIONS} value="" onValueChange={() => undefined} />,
    );
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
    rerender(<ComboboxField label="State" options={OPTIONS} value="3" onValueChange={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('12 Oak St');
  });
});

describe('DateField and TimeField', () => {
  const moment = EXAMPLE_NOW;

  it("takes today and now from the provider's clock, not UTC", () => {
    expect(providerToday(moment())).toBe('2026-11-27');
    expect(providerNow(moment())).toEqual({ time: '21:30', zone: 'CST' });
  });

  it('are labelled inputs with a one-tap Today and Now, and an error wired to the input', async () => {
    const user = userEvent.setup();
    render(<DateTimeHarness />);
    const date = screen.getByLabelText('Install date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('Choose a day.');
    await user.click(screen.getByRole('button', { name: /^Today ?for Install date$/ }));
    expect(date).toHaveValue('2026-11-27');
    const time = screen.getByLabelText('Arrival');
    expect(time).toHaveAccessibleDescription("The provider's time (CST)");
    await user.click(screen.getByRole('button', { name: /^Now ?for Arrival$/ }));
    expect(time).toHaveValue('21:30');
  });
});

describe('DataTable', () => {
  it('marks columns by priority and stacks the dropped ones under the first cell', () => {
    expect(columnPriorityClass(1)).toBeUndefined();
    expect(columnPriorityClass(3)).toBe('col-p3');
    render(
      <DataTable
        caption="Orders"
        rows={[{ id: 7, name: 'Ana', total: '$9.00' }]}
        rowKey={(r) => String(r.id)}
        columns={[
          { id: 'name', header: 'Customer', cell: (r) => r.name },
          { id: 'total', header: 'Total', cell: (r) => r.total, numeric: true, priority: 2 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Total' })).toHaveClass('col-p2', 'num');
    const rowHeader = within(table).getByRole('rowheader');
    expect(rowHeader).toHaveTextContent('Ana');
    expect(rowHeader.querySelector('.stack-p2')).toHaveTextContent('Total$9.00');
    expect(within(table).getByRole('cell', { name: '$9.00' })).toHaveClass('col-p2');
  });

  it('shows its empty state when there are no rows', () => {
    render(
      <DataTable
        caption="Orders"
        rows={[]}
        rowKey={() => ''}
        columns={[{ id: 'n', header: 'N', cell: () => '' }]}
        empty={<p>No orders yet.</p>}
      />,
    );
    expect(screen.getByText('No orders yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
