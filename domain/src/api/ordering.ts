/**
 * Ordering (issue 12, SPEC §7 Services): address verification, geocode, county and area checks, zip lookup, the
 * package catalogue and shopping cart, temporary service locations, and the automated checkout with its
 * verification (a new customer's email code, the install window's capacity, the price the browser showed). The same
 * checkout body serves a new customer, a signed-in customer ordering for a new location and staff ordering for a
 * customer (the staff body names the account and may pay with a card on file).
 */
import { z } from 'zod';
import { US_STATE_CODES, ZIP_PATTERN } from '../billing/zip-codes.js';
import { cleanLine } from '../clean-text.js';
import { AreaKindSchema, INSTALL_WINDOWS } from '../orders.js';
import { password } from './auth.js';
import { NewCardSchema } from './billing.js';
import { idParam, optionalPhone } from './customer.js';

// ---- addresses ------------------------------------------------------------------------------------------------

const citySchema = cleanLine()
  .trim()
  .min(2, 'City must be 2 to 60 characters.')
  .max(60, 'City must be 2 to 60 characters.')
  .regex(/^[A-Za-z .'-]+$/, "City may use letters, spaces and . ' - only.");

export const AddressInputSchema = z.object({
  line1: cleanLine()
    .trim()
    .min(3, 'Street address must be 3 to 100 characters, like 2208 Clark Ln.')
    .max(100, 'Street address must be 3 to 100 characters, like 2208 Clark Ln.')
    .regex(/^\s*\d/, 'Street address starts with the house number, like 2208 Clark Ln.'),
  unit: cleanLine().trim().max(30, 'Apartment or unit must be at most 30 characters.').default(''),
  city: citySchema,
  state: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => US_STATE_CODES.includes(v), 'State must be a 2-letter US state code, like MO.'),
  zip: z.string().trim().regex(ZIP_PATTERN, 'ZIP code must be 5 digits.'),
});
export type AddressInput = z.input<typeof AddressInputSchema>;

export const AvailabilityRequestSchema = AddressInputSchema.extend({
  /**
   * May be left empty: the server takes the city of the ZIP code (a visitor who types the street and the ZIP and
   * checks at once never waits for the ZIP lookup to fill the field).
   */
  city: z.union([z.literal(''), citySchema]).default(''),
  /** The visitor keeps the address as typed (not in our address data): it becomes a temporary service location. */
  acceptUnverified: z.boolean().default(false),
});
export type AvailabilityRequest = z.input<typeof AvailabilityRequestSchema>;

/** A verified, standardized address (USPS style). */
export const StandardAddressSchema = z.object({
  number: z.string(),
  street: z.string(),
  unit: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  zipFour: z.string().nullable(),
  county: z.string().nullable(),
  /** "2208 Clark Ln, Columbia, MO 65202-1234" */
  line: z.string(),
});
export type StandardAddress = z.infer<typeof StandardAddressSchema>;

export const AvailabilityStatusSchema = z.enum(['verified', 'temporary', 'suggestions', 'unknown', 'outside_county']);
export type AvailabilityStatus = z.infer<typeof AvailabilityStatusSchema>;

export const CatalogPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  monthlyCents: z.number().int(),
  installFeeCents: z.number().int(),
  speedMbps: z.number().int().nullable(),
  description: z.string().nullable(),
});
export type CatalogPackage = z.infer<typeof CatalogPackageSchema>;

export const ServiceAreaSchema = z.object({
  kind: AreaKindSchema,
  name: z.string(),
  /** GeoJSON Polygon or MultiPolygon. */
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }),
});

/**
 * An availability check's public id: a random 128-bit token (base64url), so nobody can read or reuse another
 * visitor's check by counting (the database's own row id never leaves the server).
 */
export const CHECK_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const CheckIdSchema = z
  .string({ error: 'Availability check id must be the checkId of an address check.' })
  .trim()
  .regex(CHECK_ID_PATTERN, 'Availability check id must be the checkId of an address check.');

export const AvailabilityResultSchema = z.object({
  /** The recorded check (its public id): a cart, a lead and an order start from it. */
  checkId: z.string(),
  status: AvailabilityStatusSchema,
  message: z.string(),
  address: StandardAddressSchema.nullable(),
  /** "Did you mean …?": known addresses close to the typed one, as lines to put back into the form. */
  suggestions: z.array(AddressInputSchema.extend({ label: z.string() })),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** How exact the position is: the address point, the street's known addresses, or the ZIP's. */
  precision: z.enum(['address', 'street', 'zip']).nullable(),
  areaKind: AreaKindSchema,
  availability: z.enum(['available', 'coming_soon', 'taking_signups', 'not_served']),
  /** The service-area polygons the address lies in (for the map). */
  areas: z.array(ServiceAreaSchema),
  /** What can be ordered here (empty unless fiber is available). Nothing says who else has service here. */
  packages: z.array(CatalogPackageSchema),
});
export type AvailabilityResult = z.infer<typeof AvailabilityResultSchema>;

export const AreaZipSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  county: z.string(),
});
export type AreaZip = z.infer<typeof AreaZipSchema>;
export const OrderingZipParamsSchema = z.object({
  zip: z.string().trim().regex(ZIP_PATTERN, 'ZIP code must be 5 digits.'),
});

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email('Email must be a valid email address, like name@example.com.')
      .max(254, 'Email must be at most 254 characters.'),
  );

export const LeadRequestSchema = z.object({
  checkId: CheckIdSchema,
  email,
  name: cleanLine().trim().max(80, 'Name must be at most 80 characters.').default(''),
});
export type LeadRequest = z.input<typeof LeadRequestSchema>;
export const LeadResultSchema = z.object({ message: z.string() });

// ---- the cart -------------------------------------------------------------------------------------------------

export const CART_ID_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const CartParamsSchema = z.object({
  cartId: z.string().regex(CART_ID_PATTERN, 'That is not a cart id.'),
});
export const CreateCartRequestSchema = z.object({ checkId: CheckIdSchema });
export const MAX_CART_PACKAGES = 12;
export const UpdateCartRequestSchema = z.object({
  packageIds: z
    .array(idParam('Package'))
    .max(MAX_CART_PACKAGES, `A cart holds at most ${MAX_CART_PACKAGES} packages.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each package can be in the cart once.'),
});
export type UpdateCartRequest = z.input<typeof UpdateCartRequestSchema>;

export const PricedLineSchema = z.object({
  packageId: z.number().int(),
  name: z.string(),
  monthlyCents: z.number().int(),
  installFeeCents: z.number().int(),
});

export const CartSchema = z.object({
  cartId: z.string(),
  checkId: z.string(),
  address: StandardAddressSchema,
  temporary: z.boolean(),
  areaKind: AreaKindSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The service-area polygons the address lies in: the package step draws the same area as the check. */
  areas: z.array(ServiceAreaSchema),
  /** What the area allows (the cart can hold only these). */
  available: z.array(CatalogPackageSchema),
  lines: z.array(PricedLineSchema),
  monthlyCents: z.number().int(),
  oneTimeCents: z.number().int(),
  /** Charged at checkout: the first month and the install fees. */
  dueTodayCents: z.number().int(),
  /** A line no longer sold here (the catalogue changed): it was taken out of the cart. */
  removed: z.array(z.string()),
});
export type Cart = z.infer<typeof CartSchema>;

// ---- install windows ------------------------------------------------------------------------------------------

export const InstallWindowSchema = z.enum(INSTALL_WINDOWS);
export const InstallDaySchema = z.object({
  date: z.string(),
  windows: z.array(z.object({ window: InstallWindowSchema, capacity: z.number().int(), free: z.number().int() })),
});
export const InstallWindowsSchema = z.object({
  /** The first day an install can be: later when a drop has to be built first. */
  earliest: z.string(),
  days: z.array(InstallDaySchema),
});
export type InstallWindows = z.infer<typeof InstallWindowsSchema>;

// ---- checkout -------------------------------------------------------------------------------------------------

export const EmailCodeRequestSchema = z.object({ email });
export const EmailCodeResultSchema = z.object({ message: z.string(), expiresInMinutes: z.number().int() });

export const SavedMethodSchema = z.object({ kind: z.literal('saved'), paymentMethodId: idParam('Payment method') });
export const CheckoutPaymentSchema = z.discriminatedUnion('kind', [NewCardSchema, SavedMethodSchema], {
  message: 'Payment must be a new card or a card on file.',
});

const checkoutFields = {
  cartId: z.string().regex(CART_ID_PATTERN, 'That is not a cart id.'),
  installDate: z.iso.date('Install date must be a date like 2026-12-01.'),
  installWindow: z.enum(INSTALL_WINDOWS, { message: `Install window must be ${INSTALL_WINDOWS.join(' or ')}.` }),
  acceptTerms: z.literal(true, { message: 'Accept the terms of service to place the order.' }),
  /** The total the browser showed (first month + install fees): a different server total is "prices changed". */
  expectedTotalCents: z.number().int().min(0).max(100_000_000),
  payment: CheckoutPaymentSchema,
  /** Where bills go; null = the service address. */
  mailing: AddressInputSchema.nullable().default(null),
};

const name = (label: string) =>
  cleanLine().trim().min(1, `${label} is required.`).max(40, `${label} must be at most 40 characters.`);

export const NewAccountSchema = z
  .object({
    customerType: z.enum(['Residential', 'Business'], { message: 'Account type must be Residential or Business.' }),
    firstName: name('First name'),
    lastName: name('Last name'),
    businessName: cleanLine().trim().max(80, 'Business name must be at most 80 characters.').default(''),
    email,
    phone: optionalPhone('Phone'),
    username: cleanLine()
      .trim()
      .min(3, 'Username must be 3 to 64 characters.')
      .max(64, 'Username must be 3 to 64 characters.')
      .regex(/^[A-Za-z0-9._@-]+$/, 'Username may use letters, digits and . _ @ - only.'),
    password,
    emailCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code we emailed you.'),
  })
  .superRefine((a, ctx) => {
    if (a.customerType === 'Business' && a.businessName === '') {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'Business name is required for a business.' });
    }
    if (a.phone === null) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone is required.' });
  });

export const NewCustomerCheckoutSchema = z.object({ ...checkoutFields, account: NewAccountSchema });
export type NewCustomerCheckout = z.input<typeof NewCustomerCheckoutSchema>;
export const CustomerCheckoutSchema = z.object(checkoutFields);
export type CustomerCheckout = z.input<typeof CustomerCheckoutSchema>;
/**
 * A customer staff open on the phone: the account holder's name and how to reach them. The account has no user yet
 * (the customer registers online with the account number later); it pays with a card.
 */
export const StaffNewCustomerSchema = z
  .object({
    customerType: z.enum(['Residential', 'Business'], { message: 'Account type must be Residential or Business.' }),
    firstName: name('First name'),
    lastName: name('Last name'),
    businessName: cleanLine().trim().max(80, 'Business name must be at most 80 characters.').default(''),
    email,
    phone: optionalPhone('Phone'),
  })
  .superRefine((a, ctx) => {
    if (a.customerType === 'Business' && a.businessName === '') {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'Business name is required for a business.' });
    }
    if (a.phone === null) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone is required.' });
  });
export type StaffNewCustomer = z.output<typeof StaffNewCustomerSchema>;

/** Staff name an existing account (vcCustomerID) or open a new one (newCustomer): exactly one of the two. */
export const StaffCheckoutSchema = z
  .object({
    ...checkoutFields,
    vcCustomerID: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{4}-\d{4}$/, 'Account number looks like 1000-2000-0001.')
      .optional(),
    newCustomer: StaffNewCustomerSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.vcCustomerID === undefined) === (b.newCustomer === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['vcCustomerID'],
        message: 'Name the customer: an existing account number or a new customer (one of the two).',
      });
    }
  });
export type StaffCheckout = z.input<typeof StaffCheckoutSchema>;
export type CheckoutInput = z.output<typeof CustomerCheckoutSchema>;

export const CheckoutResultSchema = z.object({
  orderId: z.number().int(),
  vcCustomerID: z.string(),
  /** The new user's name (a new customer), to sign in with. */
  username: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string(),
  temporary: z.boolean(),
  installDate: z.string(),
  installWindow: InstallWindowSchema,
  lines: z.array(PricedLineSchema),
  monthlyCents: z.number().int(),
  oneTimeCents: z.number().int(),
  paidCents: z.number().int(),
  paymentReference: z.string(),
  nextSteps: z.array(z.string()),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;
