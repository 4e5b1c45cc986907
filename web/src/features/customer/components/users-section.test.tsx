// @vitest-environment happy-dom
import type { CustomerAccount } from '@strand/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { UsersSection } from './users-section';

const USER = {
  nUserID: 7,
  username: 'dana',
  firstName: 'Dana',
  lastName: 'Diaz',
  email: 'dana@example.com',
  pendingEmail: null,
  isAdmin: false,
  active: true,
  permissions: [],
};

const accountAs = (isSuperUser: boolean) => ({ nUserID: 1, isSuperUser, isAdmin: true }) as unknown as CustomerAccount;

describe('the users of an account', () => {
  it('offers Add a user and an editable email to the account’s administrator', async () => {
    stubFetch({ 'GET /api/customer/users': { body: [USER] } });
    const { user } = renderApp(<UsersSection account={accountAs(false)} />, { claims: {} });
    expect(screen.getByRole('button', { name: 'Add a user' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: /^Edit/ }));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
  });

  it('in a super-user session offers no Add a user, says why, and shows the email read-only', async () => {
    stubFetch({ 'GET /api/customer/users': { body: [USER] } });
    const { user } = renderApp(<UsersSection account={accountAs(true)} />, { claims: {} });
    expect(screen.queryByRole('button', { name: 'Add a user' })).toBeNull();
    expect(
      screen.getByText(/adding users and changing email addresses is left to the account’s administrator/),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: /^Edit/ }));
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(screen.getByText('Only the user or the account’s administrator changes an email address.')).toBeVisible();
  });
});
