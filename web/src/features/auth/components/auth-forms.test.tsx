// @vitest-environment happy-dom

import { claimsFixture, tokenFor } from '@strand/test-support/test-tokens';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/browser-session';
import { renderApp, stubFetch } from '../../../test/render-app';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { ResetPasswordForm } from './reset-password-form';

const TOKEN = tokenFor(claimsFixture());

describe('the sign-in form', () => {
  it('asks for the username before sending anything', async () => {
    const { requests } = stubFetch({});
    const { user } = renderApp(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    expect(requests).toHaveLength(0);
  });

  it('signs in with the answer’s token', async () => {
    const { requests } = stubFetch({ 'POST /api/auth/login': { body: { token: TOKEN } } });
    const { user } = renderApp(<LoginPage />);
    await user.type(screen.getByLabelText('Username'), 'rhonda');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(sessionStore.getState().token).toBe(TOKEN));
    expect(requests[0]?.body).toMatchObject({ username: 'rhonda', password: 'correct horse battery' });
  });

  it('shows the server’s refusal in the alert region', async () => {
    stubFetch({
      'POST /api/auth/login': {
        status: 401,
        body: { error: { code: 'invalid_credentials', message: 'The username or password is not right.' } },
      },
    });
    const { user } = renderApp(<LoginPage />);
    await user.type(screen.getByLabelText('Username'), 'rhonda');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The username or password is not right.');
    expect(sessionStore.getState().token).toBeNull();
  });
});

describe('the register form', () => {
  it('wants the account number before mailing the code', async () => {
    const { requests } = stubFetch({});
    const { user } = renderApp(<RegisterPage />);
    await user.click(screen.getByRole('button', { name: 'Email me the registration code' }));
    expect(await screen.findByText('Enter your account number first.')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('mails the code for the account number and says so', async () => {
    const { requests } = stubFetch({
      'POST /api/auth/registration-code': {
        body: { message: 'If the account has an email on file, the code is on its way.' },
      },
    });
    const { user } = renderApp(<RegisterPage />);
    await user.type(screen.getByLabelText('Account number'), '1000-2000-0001');
    await user.click(screen.getByRole('button', { name: 'Email me the registration code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If the account has an email on file, the code is on its way.',
    );
    expect(requests[0]?.body).toEqual({ vcCustomerID: '1000-2000-0001' });
  });

  it('puts the server’s field messages on the fields, cleared as the user fixes one', async () => {
    stubFetch({
      'POST /api/auth/register': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Please correct the fields marked below.',
            fields: { registrationCode: 'The registration code is not right.', username: 'That username is taken.' },
          },
        },
      },
    });
    const { user } = renderApp(<RegisterPage />);
    await user.type(screen.getByLabelText('Account number'), '1000-2000-0001');
    await user.type(screen.getByLabelText('Registration code'), 'ABCD-EFGH-JKMN-PQRS');
    await user.type(screen.getByLabelText('First name'), 'Rhonda');
    await user.type(screen.getByLabelText('Last name'), 'Reyes');
    await user.type(screen.getByLabelText('Email'), 'rhonda@example.com');
    await user.type(screen.getByLabelText('Username'), 'rhonda');
    await user.type(screen.getByLabelText(/^Password/), 'a long and unusual passphrase 42');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('That username is taken.')).toBeInTheDocument();
    const code = screen.getByLabelText('Registration code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(/The registration code is not right\./);
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.queryByText('That username is taken.')).not.toBeInTheDocument();
    expect(screen.getByText('The registration code is not right.')).toBeInTheDocument();
  });
});

describe('the reset-password form', () => {
  it('refuses two different passwords without asking the server', async () => {
    const { requests } = stubFetch({});
    const { user } = renderApp(<ResetPasswordForm token={'t'.repeat(43)} />);
    await user.type(screen.getByLabelText('New password'), 'a long and unusual passphrase 42');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long and unusual passphrase 43');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('shows a spent link’s message in the alert and the success after a good answer', async () => {
    let calls = 0;
    stubFetch({
      'POST /api/auth/reset': () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_failed',
                  message: 'Please correct the fields marked below.',
                  fields: { token: 'This link has expired or was already used.' },
                },
              },
            }
          : { body: { message: 'Your password was changed. Sign in with the new one.' } },
    });
    const { user } = renderApp(<ResetPasswordForm token={'t'.repeat(43)} />);
    await user.type(screen.getByLabelText('New password'), 'a long and unusual passphrase 42');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long and unusual passphrase 42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed. Sign in with the new one.');
  });
});
