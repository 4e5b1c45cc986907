// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { ContactForm } from './contact-form';

const ADDED = {
  ContactMethodID: 41,
  ContactCategory: 'Billing',
  ContactName: 'Dana Reyes',
  Phone: '5735550100',
  Phone2: null,
  Email: null,
  locations: [],
};

describe('the add-a-contact form', () => {
  it('checks the name in the browser, then adds the contact once with an Idempotency-Key', async () => {
    const { requests } = stubFetch({
      'POST /api/customer/contacts': { status: 201, body: ADDED },
      'GET /api/customer/contacts': { body: [ADDED] },
    });
    const onDone = vi.fn();
    const { user } = renderApp(<ContactForm onDone={onDone} />, { claims: {} });
    const form = screen.getByRole('form', { name: 'Add a contact' });
    expect(form).toHaveAttribute('novalidate');

    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    // Only the reads the form makes (the account's locations, the contacts): nothing was sent.
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(screen.getByLabelText('Category')).toHaveValue('');

    await user.selectOptions(screen.getByLabelText('Category'), 'Billing');
    await user.type(screen.getByLabelText('Name'), 'Dana Reyes');
    await user.type(screen.getByLabelText('Phone'), '5735550100');
    await user.tab();
    expect(screen.getByLabelText('Phone')).toHaveValue('(573)555-0100');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ ContactCategory: 'Billing', ContactName: 'Dana Reyes' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('shows the server’s field message on its field', async () => {
    stubFetch({
      'POST /api/customer/contacts': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Please correct the fields marked below.',
            fields: { Email: 'That email address is already a contact.' },
          },
        },
      },
    });
    const { user } = renderApp(<ContactForm onDone={() => {}} />, { claims: {} });
    await user.selectOptions(screen.getByLabelText('Category'), 'Billing');
    await user.type(screen.getByLabelText('Name'), 'Dana Reyes');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('That email address is already a contact.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a second Primary contact', () => {
  it('is asked about before sending, and the choice goes with the request', async () => {
    const { requests } = stubFetch({
      'GET /api/customer/contacts': {
        body: [{ ...ADDED, ContactMethodID: 1, ContactCategory: 'Primary', ContactName: 'Rhonda Reyes' }],
      },
      'POST /api/customer/contacts': { status: 201, body: { ...ADDED, ContactCategory: 'Primary' } },
    });
    const onDone = vi.fn();
    const { user } = renderApp(<ContactForm onDone={onDone} />, { claims: {} });
    await user.selectOptions(screen.getByLabelText('Category'), 'Primary');
    await user.type(screen.getByLabelText('Name'), 'Dana Reyes');
    await user.type(screen.getByLabelText('Phone'), '5735550100');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('Choose what happens to the Primary contact.')).toBeInTheDocument();
    expect(screen.getByText(/Rhonda Reyes is the Primary contact now/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByLabelText('Keep both as Primary'));
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ ifPrimaryExists: 'keep' });
  });
});
