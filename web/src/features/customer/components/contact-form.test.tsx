// @vitest-environment jsdom
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
    expect(requests).toHaveLength(0);

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
    await user.type(screen.getByLabelText('Name'), 'Dana Reyes');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('That email address is already a contact.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
