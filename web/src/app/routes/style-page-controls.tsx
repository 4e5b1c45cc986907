/**
 * The style page's interactive primitives (issue 26): tabs, the "More actions" menu, a popover, the toast, the
 * combobox, date and time fields and the data table's column priorities, each in its states.
 */
import { useState } from 'react';
import { popup } from '../../lib/popup-store';
import { Button } from '../../lib/ui/button';
import { ComboboxField, type ComboboxOption } from '../../lib/ui/combobox';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../lib/ui/data-table';
import { DateField, TimeField } from '../../lib/ui/date-time-field';
import { Menu } from '../../lib/ui/menu';
import { Popover } from '../../lib/ui/popover';
import { StatusBadge } from '../../lib/ui/status-badge';
import { Tabs } from '../../lib/ui/tabs';

const STREETS = ['Maple Ave', 'Oak St', 'Cedar Ln', 'Birch Rd', 'Elm St', 'Walnut Dr', 'Pine Ct', 'Willow Way'];
const CITIES = ['Ashland', 'Medford', 'Talent'];
/** Forty-eight example service addresses: a list too long for a select. */
const ADDRESSES: readonly ComboboxOption[] = STREETS.flatMap((street, s) =>
  CITIES.flatMap((city, c) =>
    [100, 250].map((n) => ({
      value: `${s}-${c}-${n}`,
      label: `${n + s * 10} ${street}`,
      detail: `${city}, OR 9752${c}`,
    })),
  ),
);

interface ExampleOrder {
  id: number;
  customer: string;
  status: string;
  placed: string;
  installer: string;
  total: string;
}

const ORDERS: readonly ExampleOrder[] = [
  { id: 1042, customer: 'Ana Ruiz', status: 'Active', placed: 'Nov 20, 2026', installer: 'Sam Ortiz', total: '$89.00' },
  {
    id: 1043,
    customer: 'Brightline Dental LLC',
    status: 'In progress',
    placed: 'Nov 24, 2026',
    installer: 'Lee Park',
    total: '$249.00',
  },
  { id: 1044, customer: 'Connor Walsh', status: 'Cancelled', placed: 'Nov 26, 2026', installer: '—', total: '$0.00' },
];

const ORDER_COLUMNS: readonly DataColumn<ExampleOrder>[] = [
  { id: 'order', header: 'Order', cell: (o) => `Order ${o.id}` },
  { id: 'customer', header: 'Customer', cell: (o) => o.customer },
  { id: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
  { id: 'placed', header: 'Placed', cell: (o) => o.placed, priority: 2 },
  { id: 'installer', header: 'Installer', cell: (o) => o.installer, priority: 3 },
  { id: 'total', header: 'Total', cell: (o) => o.total, numeric: true, priority: 2 },
];

export function StylePageControls() {
  const [address, setAddress] = useState('');
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [last, setLast] = useState('');
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <section aria-labelledby="style-tabs">
        <h2 id="style-tabs">Tabs</h2>
        <Tabs
          label="Example tabs"
          tabs={[
            { id: 'summary', label: 'Summary', content: <p>The plan, the price and the next bill.</p> },
            { id: 'equipment', label: 'Equipment', content: <p>One router and one optical terminal.</p> },
            { id: 'history', label: 'History', content: <p>Three changes this year.</p> },
          ]}
        />
      </section>

      <section aria-labelledby="style-menus">
        <h2 id="style-menus">Menu, popover and toast</h2>
        <div className="style-page__row">
          <Button>Save the order</Button>
          <Menu
            items={[
              { label: 'Print the order', onSelect: () => setLast('Print the order') },
              { label: 'Email the customer', onSelect: () => setLast('Email the customer') },
              { label: 'Not allowed yet', onSelect: () => undefined, disabled: true },
              { label: 'Cancel the order', onSelect: () => setConfirm(true), destructive: true },
            ]}
          />
          <Popover label="What is a drop?" title="The drop">
            <p>The fiber line from the street to your house.</p>
          </Popover>
          <Button variant="secondary" onClick={() => popup.show('Settings saved')}>
            Show a message
          </Button>
        </div>
        {last && <p>Chosen: {last}</p>}
        {confirm && (
          <ConfirmDialog
            message="Cancel order 1042?"
            yesLabel="Yes, cancel it"
            noLabel="Keep the order"
            danger
            onYes={() => setConfirm(false)}
            onNo={() => setConfirm(false)}
          />
        )}
      </section>

      <section aria-labelledby="style-pickers" className="stack">
        <h2 id="style-pickers">Combobox, date and time</h2>
        <ComboboxField
          label="Service address"
          hint="Type part of the street or the city."
          options={ADDRESSES}
          value={address}
          onValueChange={setAddress}
        />
        <DateField label="Install date" value={day} onValueChange={setDay} />
        <TimeField label="Arrival time" value={time} onValueChange={setTime} />
        <DateField label="Due date" value="" onValueChange={() => undefined} error="Choose a day after today." />
      </section>

      <section aria-labelledby="style-table">
        <h2 id="style-table">Data table</h2>
        <p className="muted">
          Placed and Total go below 720 px of width, Installer below 1024 px; each stays under the order.
        </p>
        <DataTable caption="Example orders" columns={ORDER_COLUMNS} rows={ORDERS} rowKey={(o) => String(o.id)} />
      </section>
    </>
  );
}
