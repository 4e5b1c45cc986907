import { describe, expect, it } from 'vitest';
import {
  AddFaxEmailRequestSchema,
  emailAddressProblem,
  forwardAddressProblem,
  MailboxForwardRequestSchema,
  MailboxPasswordRequestSchema,
  MailboxVacationRequestSchema,
  mailboxPasswordProblem,
  vacationDatesProblem,
} from './services.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('email address checks', () => {
  it('accepts a plain address and refuses empty, malformed and over-long ones, naming the field', () => {
    expect(emailAddressProblem('pat@example.com')).toBeNull();
    expect(emailAddressProblem('  pat@example.com ')).toBeNull();
    expect(emailAddressProblem('')).toBe('Email address is required.');
    expect(emailAddressProblem('pat@', 'Forward to')).toBe(
      'Forward to must be a valid email address, like name@example.com.',
    );
    expect(emailAddressProblem('no spaces@example.com')).toMatch(/valid email address/);
    expect(emailAddressProblem(`${'a'.repeat(250)}@x.io`)).toBe('Email address must be at most 254 characters.');
  });

  it('refuses forwarding a mailbox to itself, whatever the case', () => {
    expect(forwardAddressProblem('Box@Mail.example', 'box@mail.example')).toBe(
      'Forward to must be another address than the mailbox itself.',
    );
    expect(forwardAddressProblem('other@mail.example', 'box@mail.example')).toBeNull();
  });

  it('forward request: empty turns forwarding and keep-a-copy off; an address is lower-cased', () => {
    expect(MailboxForwardRequestSchema.parse({ forwardTo: ' ', keepCopy: true })).toEqual({
      forwardTo: null,
      keepCopy: false,
    });
    expect(MailboxForwardRequestSchema.parse({ forwardTo: 'Pat@Example.COM', keepCopy: true })).toEqual({
      forwardTo: 'pat@example.com',
      keepCopy: true,
    });
    expect(issues(MailboxForwardRequestSchema.safeParse({ forwardTo: 'nope', keepCopy: false }))).toEqual({
      forwardTo: 'Forward to must be a valid email address, like name@example.com.',
    });
  });

  it('fax-to-email: a valid address, lower-cased', () => {
    expect(AddFaxEmailRequestSchema.parse({ email: ' Office@Example.com ' })).toEqual({ email: 'office@example.com' });
    expect(issues(AddFaxEmailRequestSchema.safeParse({ email: 'office@' }))).toEqual({
      email: 'Email address must be a valid email address, like name@example.com.',
    });
  });
});

describe('mailbox password rule', () => {
  it('needs 10 to 128 characters, no edge spaces, and not the address or its name part', () => {
    const box = 'acme.billing@boonevalleyfiber.example';
    expect(mailboxPasswordProblem('correct horse battery', box)).toBeNull();
    expect(mailboxPasswordProblem('short', box)).toBe('New password must be 10 to 128 characters.');
    expect(mailboxPasswordProblem('x'.repeat(129), box)).toBe('New password must be 10 to 128 characters.');
    expect(mailboxPasswordProblem('x'.repeat(128), box)).toBeNull();
    expect(mailboxPasswordProblem(' padded-password', box)).toBe('New password cannot start or end with a space.');
    expect(mailboxPasswordProblem('ACME.BILLING@boonevalleyfiber.example', box)).toBe(
      'New password cannot be the mailbox address.',
    );
    expect(mailboxPasswordProblem('acme.billing', box)).toBe('New password cannot be the mailbox address.');
  });

  it('the request needs the same password twice', () => {
    expect(issues(MailboxPasswordRequestSchema.safeParse({ password: 'long enough pw', confirm: 'other' }))).toEqual({
      confirm: 'The two passwords differ. Type the same one twice.',
    });
    expect(issues(MailboxPasswordRequestSchema.safeParse({ password: 'short', confirm: 'short' }))).toEqual({
      password: 'New password must be 10 to 128 characters.',
    });
  });
});

describe('vacation auto-reply rule', () => {
  it('dates are optional, real days, and the last not before the first', () => {
    expect(vacationDatesProblem(null, null)).toBeNull();
    expect(vacationDatesProblem('2025-07-01', null)).toBeNull();
    expect(vacationDatesProblem('2025-07-01', '2025-07-01')).toBeNull();
    expect(vacationDatesProblem('2025-07-02', '2025-07-01')).toEqual({
      field: 'endDate',
      message: 'Last day must be on or after the first day.',
    });
    expect(vacationDatesProblem('2025-02-30', null)?.field).toBe('startDate');
    expect(vacationDatesProblem(null, '07/14/2025')?.field).toBe('endDate');
  });

  it('subject and message are needed when on, limited in length, and dates are checked', () => {
    const on = { enabled: true, subject: 'Away', message: 'Back Monday.', startDate: '', endDate: '' };
    expect(MailboxVacationRequestSchema.parse(on)).toEqual({ ...on, startDate: null, endDate: null });
    expect(MailboxVacationRequestSchema.parse({ ...on, enabled: false, subject: '', message: '' }).enabled).toBe(false);
    expect(issues(MailboxVacationRequestSchema.safeParse({ ...on, subject: ' ', message: '' }))).toEqual({
      subject: 'Subject is required when the auto-reply is on.',
      message: 'Message is required when the auto-reply is on.',
    });
    expect(
      issues(MailboxVacationRequestSchema.safeParse({ ...on, subject: 's'.repeat(121), message: 'm'.repeat(2001) })),
    ).toEqual({
      subject: 'Subject must be at most 120 characters.',
      message: 'Message must be at most 2000 characters.',
    });
    expect(
      issues(MailboxVacationRequestSchema.safeParse({ ...on, startDate: '2025-07-10', endDate: '2025-07-01' })),
    ).toEqual({ endDate: 'Last day must be on or after the first day.' });
    expect(issues(MailboxVacationRequestSchema.safeParse({ ...on, startDate: 'soon' }))).toEqual({
      startDate: 'First day must be a date, like 2025-07-01.',
    });
  });
});
