// @vitest-environment happy-dom
/** Component tests of the UI kit: the action hierarchy, the one confirm, status badges, skeletons, the error page. */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorPage } from './error-page';
import { Skeleton } from './skeleton';
import { StatusBadge, toneOf } from './status-badge';

afterEach(cleanup);

describe('Button', () => {
  it('has one class per level of the hierarchy, the older names kept', () => {
    expect(buttonClass()).toBe('button');
    expect(buttonClass({ variant: 'secondary' })).toBe('button button--secondary');
    expect(buttonClass({ variant: 'destructive' })).toBe('button button--destructive');
    expect(buttonClass({ variant: 'danger' })).toBe('button button--destructive');
    expect(buttonClass({ variant: 'tertiary' })).toBe('link-button');
    expect(buttonClass({ variant: 'link' })).toBe('link-button');
  });

  it('is disabled and says so while busy, reading its busy text', () => {
    const { rerender } = render(
      <Button busy={false} busyText="Saving…">
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    rerender(
      <Button busy busyText="Saving…">
        Save
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
  });

  it('puts an icon before its words, hidden from assistive technology', () => {
    render(<Button icon={<svg data-testid="icon" />}>Complete install</Button>);
    expect(screen.getByRole('button', { name: 'Complete install' })).toBeInTheDocument();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });
});

function Asking({ onYes }: { onYes(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Remove the card
      </Button>
      {open && (
        <ConfirmDialog
          message="Remove the card ending 4242?"
          yesLabel="Yes, remove it"
          noLabel="Keep it"
          danger
          onYes={() => {
            onYes();
            setOpen(false);
          }}
          onNo={() => setOpen(false)}
        >
          <p>Autopay stops until you add another card.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks in an alert dialog named by the question, with No focused first', async () => {
    const user = userEvent.setup();
    render(<Asking onYes={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Remove the card' }));
    const question = screen.getByRole('alertdialog', { name: 'Remove the card ending 4242?' });
    expect(question).toHaveTextContent('Autopay stops until you add another card.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Yes, remove it' })).toHaveClass('button--destructive');
  });

  it('answers No on Escape and gives the focus back to the button that asked', async () => {
    const user = userEvent.setup();
    const onYes = vi.fn();
    render(<Asking onYes={onYes} />);
    const ask = screen.getByRole('button', { name: 'Remove the card' });
    await user.click(ask);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(ask).toHaveFocus());
    expect(onYes).not.toHaveBeenCalled();
  });

  it('keeps the focus inside while open and runs Yes once', async () => {
    const user = userEvent.setup();
    const onYes = vi.fn();
    render(<Asking onYes={onYes} />);
    await user.click(screen.getByRole('button', { name: 'Remove the card' }));
    const question = screen.getByRole('alertdialog');
    for (let i = 0; i < 3; i += 1) {
      await user.tab();
      expect(question).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(onYes).toHaveBeenCalledTimes(1);
  });
});

describe('StatusBadge', () => {
  it('gives each state one tone wherever it shows', () => {
    expect(toneOf('Active')).toBe('success');
    expect(toneOf('Installed')).toBe('success');
    expect(toneOf('Paid')).toBe('success');
    expect(toneOf('Past due')).toBe('danger');
    expect(toneOf('Declined')).toBe('danger');
    expect(toneOf('In Progress')).toBe('warning');
    expect(toneOf('Placed')).toBe('info');
    expect(toneOf('Cancelled')).toBe('neutral');
    expect(toneOf('Inactive')).toBe('neutral');
    expect(toneOf('Something new')).toBe('neutral');
  });

  it('shows the words with the tone, or the tone it is given', () => {
    render(
      <>
        <StatusBadge status="Active" />
        <StatusBadge status="Autopay off" tone="neutral" />
      </>,
    );
    expect(screen.getByText('Active')).toHaveClass('status', 'status--success');
    expect(screen.getByText('Autopay off')).toHaveClass('status--neutral');
  });
});

describe('Skeleton and ErrorPage', () => {
  it('a skeleton is a status with its label for screen readers', () => {
    render(<Skeleton label="Loading your bills…" title lines={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your bills…');
  });

  it('the error page says what happened, offers Retry and the support phone', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorPage supportPhone="(555) 010-2000" detail="503 Service Unavailable" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Sorry, this page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 010-2000' })).toHaveAttribute('href', 'tel:5550102000');
    expect(screen.getByText('Details for support: 503 Service Unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
