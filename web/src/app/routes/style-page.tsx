/**
 * The living style page (/style, issue 26): every component of the UI kit (web/src/lib/ui) in every state, on the
 * tokens of styles/tokens.css. Public and not linked from anywhere; the browser suite screenshots it at phone and
 * desktop size (e2e/tests/visual.spec.ts), so a change to the kit's look is a reviewed change.
 */
import { useState } from 'react';
import { formatMoment } from '../../lib/format';
import { Button, ButtonAnchor } from '../../lib/ui/button';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { Dialog } from '../../lib/ui/dialog';
import { EmptyState } from '../../lib/ui/empty-state';
import { ErrorPage } from '../../lib/ui/error-page';
import { FormAlert } from '../../lib/ui/form-alert';
import { CheckCircle2, navIconOf, XCircle } from '../../lib/ui/icons';
import { usePageTitle } from '../../lib/ui/page-title';
import { SectionNav, SelectField } from '../../lib/ui/parts';
import { Skeleton } from '../../lib/ui/skeleton';
import { StatusBadge, type StatusTone } from '../../lib/ui/status-badge';
import { TextField } from '../../lib/ui/text-field';
import { StylePageControls } from './style-page-controls';

const COLOURS = ['brand', 'text', 'text-muted', 'surface-sunken', 'success', 'warning', 'danger', 'info', 'neutral'];
const TONES: ReadonlyArray<[StatusTone, string]> = [
  ['success', 'Active'],
  ['warning', 'In progress'],
  ['danger', 'Past due'],
  ['info', 'Scheduled'],
  ['neutral', 'Cancelled'],
];
const NAV = ['Home', 'Services', 'Billing Center', 'Orders', 'Search WO', 'Dispatch'];
/** A fixed moment, so the page (and its screenshot) is the same every day. */
const EXAMPLE_MOMENT = '2026-11-27T20:00:00.000Z';

export function StylePage() {
  usePageTitle('Style page');
  const [open, setOpen] = useState<'dialog' | 'confirm' | null>(null);
  const [name, setName] = useState('');
  const [plan, setPlan] = useState('fiber-500');
  return (
    <div className="page page--wide stack style-page">
      <h1>Style page</h1>
      <p className="page__lead">The UI kit&rsquo;s components in each of their states.</p>

      <section aria-labelledby="style-colours">
        <h2 id="style-colours">Colour roles</h2>
        <div className="style-page__row">
          {COLOURS.map((c) => (
            <span
              key={c}
              className="style-page__swatch"
              style={{
                background: `var(--color-${c})`,
                color:
                  c.startsWith('text') ||
                  c === 'brand' ||
                  ['success', 'danger', 'info', 'neutral', 'warning'].includes(c)
                    ? 'var(--color-text-inverse)'
                    : 'var(--color-text)',
              }}
            >
              {c}
            </span>
          ))}
        </div>
      </section>

      <section aria-labelledby="style-type">
        <h2 id="style-type">Type scale</h2>
        <p style={{ fontSize: 'var(--text-3xl)', fontWeight: 'var(--weight-bold)', margin: 0 }}>Page title</p>
        <p style={{ fontSize: 'var(--text-xl)', fontWeight: 'var(--weight-semibold)', margin: 0 }}>Section title</p>
        <p style={{ fontSize: 'var(--text-md)', margin: 0 }}>Body text: your next bill is due on the 1st.</p>
        <p className="muted" style={{ fontSize: 'var(--text-sm)', margin: 0 }}>
          Small print: prices include taxes.
        </p>
      </section>

      <section aria-labelledby="style-actions">
        <h2 id="style-actions">Actions</h2>
        <div className="style-page__row">
          <Button icon={<CheckCircle2 className="icon" />}>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="tertiary">Tertiary</Button>
          <Button variant="destructive" icon={<XCircle className="icon" />}>
            Destructive
          </Button>
        </div>
        <div className="style-page__row">
          <Button busy busyText="Saving…">
            Save
          </Button>
          <Button variant="secondary" disabled>
            Disabled
          </Button>
          <Button small>Small</Button>
          <ButtonAnchor variant="secondary" href="#style-actions">
            A link that looks like a button
          </ButtonAnchor>
        </div>
      </section>

      <section aria-labelledby="style-status">
        <h2 id="style-status">Status badges</h2>
        <div className="style-page__row">
          {TONES.map(([tone, word]) => (
            <StatusBadge key={tone} status={word} />
          ))}
        </div>
      </section>

      <section aria-labelledby="style-nav">
        <h2 id="style-nav">Navigation icons and section tabs</h2>
        <ul className="style-page__row" style={{ listStyle: 'none', padding: 0 }}>
          {NAV.map((label) => {
            const Icon = navIconOf(label);
            return (
              <li key={label} className="style-page__row" style={{ margin: 0, gap: 'var(--space-2)' }}>
                <Icon className="icon" aria-hidden="true" />
                {label}
              </li>
            );
          })}
        </ul>
        <SectionNav
          label="Example sections"
          current="bills"
          sections={[
            { id: 'bills', label: 'Bills' },
            { id: 'pay', label: 'Make a payment' },
            { id: 'autopay', label: 'Autopay' },
            { id: 'methods', label: 'Payment methods' },
            { id: 'history', label: 'History' },
          ]}
        />
      </section>

      <section aria-labelledby="style-forms" className="stack">
        <h2 id="style-forms">Fields and messages</h2>
        <TextField label="Name on the account" value={name} onValueChange={setName} hint="As on your ID." />
        <TextField
          label="Email"
          value="someone.with.a.very.long.address@example-provider-mail.com"
          onValueChange={() => undefined}
          error="Enter an email address like name@example.com."
        />
        <SelectField
          label="Plan"
          value={plan}
          onValueChange={setPlan}
          options={[
            { value: 'fiber-500', label: 'Fiber 500' },
            { value: 'fiber-1000', label: 'Fiber 1000' },
          ]}
        />
        <FormAlert message="Your payment method was saved." tone="success" />
        <FormAlert message="The card was declined. Nothing was charged." />
        <EmptyState>No orders yet. An order you place shows here.</EmptyState>
        <p className="break-anywhere">A long email wraps: someone.with.a.very.long.address@example-provider-mail.com</p>
        <p>
          A time with its zone: <strong>{formatMoment(EXAMPLE_MOMENT)}</strong>
        </p>
      </section>

      <StylePageControls />

      <section aria-labelledby="style-loading">
        <h2 id="style-loading">Loading</h2>
        <Skeleton label="Loading an example…" title />
      </section>

      <section aria-labelledby="style-dialogs">
        <h2 id="style-dialogs">Dialogs</h2>
        <div className="style-page__row">
          <Button variant="secondary" onClick={() => setOpen('dialog')}>
            Open a dialog
          </Button>
          <Button variant="destructive" onClick={() => setOpen('confirm')}>
            Remove the card
          </Button>
        </div>
        {open === 'dialog' && (
          <Dialog title="Reschedule the visit" onCancel={() => setOpen(null)}>
            <p>Choose another day for the installer&rsquo;s visit.</p>
            <div className="actions">
              <Button onClick={() => setOpen(null)}>Done</Button>
            </div>
          </Dialog>
        )}
        {open === 'confirm' && (
          <ConfirmDialog
            message="Remove the card ending 4242?"
            yesLabel="Yes, remove it"
            noLabel="Keep it"
            danger
            onYes={() => setOpen(null)}
            onNo={() => setOpen(null)}
          >
            <p>Autopay stops until you add another card.</p>
          </ConfirmDialog>
        )}
      </section>

      <section aria-labelledby="style-error">
        <h2 id="style-error">Error page</h2>
        <ErrorPage
          title="Sorry, this page could not be shown"
          supportPhone="(555) 010-2000"
          onRetry={() => undefined}
        />
      </section>
    </div>
  );
}
