// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../test/render-app';
import { PaperlessBilling } from './paperless-billing';

const PATH = '/api/customer/billing/paperless';

describe('the paperless billing box', () => {
  it('shows the choice the moment it is clicked, before the server answers, and keeps what the server saved', async () => {
    stubFetch({
      [`GET ${PATH}`]: { body: { paperless: false, mayChange: true } },
      [`PUT ${PATH}`]: { body: { paperless: true, mayChange: true } },
    });
    renderApp(<PaperlessBilling />);
    const box = await screen.findByRole('checkbox', { name: /Email my bills only/ });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    // Synchronously after the click: no tick for the mutation's state to arrive.
    expect(box).toBeChecked();
    await waitFor(() => expect(box).not.toBeDisabled());
    expect(box).toBeChecked();
  });

  it('springs back when the server refuses, with its message', async () => {
    stubFetch({
      [`GET ${PATH}`]: { body: { paperless: false, mayChange: true } },
      [`PUT ${PATH}`]: { status: 409, body: { error: { code: 'conflict', message: 'Try again later.' } } },
    });
    renderApp(<PaperlessBilling />);
    const box = await screen.findByRole('checkbox', { name: /Email my bills only/ });
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(await screen.findByText('Try again later.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });
});
