import { describe, expect, it } from 'vitest';
import { ContactMethodInputSchema, NewTroubleTicketSchema, UpdatePermissionsRequestSchema } from './customer.js';

const contact = (over: Record<string, string>) => ({
  ContactCategory: 'Primary',
  ContactName: 'Dana Diaz',
  Phone: '',
  Phone2: '',
  Email: '',
  ...over,
});

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ContactMethodInputSchema', () => {
  it.each([
    ['(573)555-0100', '5735550100'],
    ['573.555.0100', '5735550100'],
    ['+1 573 555 0100', '5735550100'],
    ['1-573-555-0100', '5735550100'],
  ])('keeps %s as its 10 digits', (phone, digits) => {
    expect(ContactMethodInputSchema.parse(contact({ Phone: phone })).Phone).toBe(digits);
  });

  it('refuses short numbers, letters and numbers that cannot be US numbers', () => {
    for (const phone of ['555-0100', '573555010x', '0735550100', '25735550100']) {
      expect(fieldsOf(ContactMethodInputSchema.safeParse(contact({ Phone: phone }))).Phone).toBe(
        'Phone must be a 10-digit US number, like (573)555-0100.',
      );
    }
  });

  it('wants a phone or an email, and the first phone before the second', () => {
    expect(fieldsOf(ContactMethodInputSchema.safeParse(contact({})))).toEqual({
      Phone: 'Give a phone number or an email address.',
    });
    expect(fieldsOf(ContactMethodInputSchema.safeParse(contact({ Email: 'a@b.co', Phone2: '5735550101' })))).toEqual({
      Phone: 'Fill in the first phone before a second one.',
    });
    expect(ContactMethodInputSchema.parse(contact({ Email: ' Dana@Example.COM ' }))).toMatchObject({
      Email: 'dana@example.com',
      Phone: null,
      Phone2: null,
    });
  });
});

describe('UpdatePermissionsRequestSchema (UtilityList)', () => {
  it('takes known categories once each', () => {
    expect(UpdatePermissionsRequestSchema.safeParse({ UtilityList: ['tickets', 'billing-view'] }).success).toBe(true);
    expect(UpdatePermissionsRequestSchema.safeParse({ UtilityList: ['tickets', 'tickets'] }).success).toBe(false);
    expect(UpdatePermissionsRequestSchema.safeParse({ UtilityList: ['root'] }).success).toBe(false);
  });
});

describe('NewTroubleTicketSchema', () => {
  it('trims the text and allows no callback phone', () => {
    expect(
      NewTroubleTicketSchema.parse({
        category: 'No service',
        subject: '  No internet  ',
        description: 'Nothing works since the storm last night.',
        contactPhone: '',
      }),
    ).toMatchObject({ subject: 'No internet', contactPhone: null });
  });
});
