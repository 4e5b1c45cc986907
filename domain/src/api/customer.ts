/**
 * Contract of the customer portal's account side (SPEC §7 Account info, trouble tickets, business-center requests):
 * the account overview, contact methods and their service-location links, users and permission categories.
 * Field names follow SPEC §3 where it names them (Contact, Address); the rest are plain camelCase.
 */
import { z } from 'zod';
import { cleanLine, cleanText } from '../clean-text.js';
import { PERMISSION_CATEGORIES, type PermissionCategory, permissionConflicts } from '../permissions.js';
import { CustomerTypeSchema } from '../session.js';
import { password } from './auth.js';

// ---- shared field rules --------------------------------------------------------------------------------------

const PHONE_MESSAGE = 'must be a 10-digit US number, like (573)555-0100.';

/** A US phone number as typed; stored as its 10 digits (a leading 1 is dropped). Empty means none. */
export const optionalPhone = (label: string) =>
  z
    .string()
    .trim()
    .max(30, `${label} ${PHONE_MESSAGE}`)
    .transform((value, ctx) => {
      if (value === '') return null;
      let digits = value.replace(/\D/g, '');
      if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
      if (!/^[2-9]\d{9}$/.test(digits) || /[^\d\s().+-]/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} ${PHONE_MESSAGE}` });
        return z.NEVER;
      }
      return digits;
    });

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters.')
  .refine(
    (v) => v === '' || z.email().safeParse(v).success,
    'Email must be a valid email address, like name@example.com.',
  )
  .transform((v) => (v === '' ? null : v.toLowerCase()));

/** A one-line text (names, subjects); `multiLine` keeps line breaks and tabs (descriptions). See clean-text.ts. */
const text = (label: string, min: number, max: number, multiLine = false) =>
  (multiLine ? cleanText() : cleanLine())
    .trim()
    .min(min, min === 1 ? `${label} is required.` : `${label} must be ${min} to ${max} characters.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const idParam = (label: string) =>
  z.coerce.number().int(`${label} must be a whole number.`).positive(`${label} must be a positive number.`);

// ---- account overview ----------------------------------------------------------------------------------------

export const PermissionCategoryCodeSchema = z.enum(
  PERMISSION_CATEGORIES.map((c) => c.code) as [PermissionCategory, ...PermissionCategory[]],
  { message: `Permission must be one of: ${PERMISSION_CATEGORIES.map((c) => c.code).join(', ')}.` },
);

export const ServiceLocationSummarySchema = z.object({
  ServiceLocationID: z.number().int(),
  fullAddress: z.string(),
});
export type ServiceLocationSummary = z.infer<typeof ServiceLocationSummarySchema>;

export const CustomerAccountSchema = z.object({
  vcCustomerID: z.string(),
  vcCustomerName: z.string(),
  vcCustomerType: CustomerTypeSchema,
  vcCustomerStatus: z.string(),
  nUserID: z.number().int(),
  isAdmin: z.boolean(),
  /** A staff member acting as the account's admin (UNITYSUPERUSER 1). */
  isSuperUser: z.boolean(),
  /** What this user may do (SPEC §6 permission categories). */
  permissions: z.array(PermissionCategoryCodeSchema),
  serviceLocations: z.array(ServiceLocationSummarySchema),
  mailingLocations: z.array(z.object({ MailingLocationID: z.number().int(), fullAddress: z.string() })),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

// ---- contact methods (getContactMethods, addContactSubmit, editContactSubmit) ---------------------------------

export const CONTACT_CATEGORIES = ['Primary', 'Secondary', 'Billing', 'Technical', 'Emergency'] as const;
export const LINK_TYPES = ['Primary', 'Alternate', 'Billing', 'Technical', 'Emergency', 'On-site'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export type LinkType = (typeof LINK_TYPES)[number];

export const LinkTypeSchema = z.enum(LINK_TYPES, { message: `Link type must be one of: ${LINK_TYPES.join(', ')}.` });

export const ContactLinkSchema = z.object({
  ServiceLocationID: z.number().int(),
  fullAddress: z.string(),
  linkType: z.string(),
});

/** SPEC §3 Contact, with the service locations it is linked to. Phones are 10 digits; the browser formats them. */
export const ContactMethodSchema = z.object({
  ContactMethodID: z.number().int(),
  ContactCategory: z.string(),
  ContactName: z.string(),
  Phone: z.string().nullable(),
  Phone2: z.string().nullable(),
  Email: z.string().nullable(),
  locations: z.array(ContactLinkSchema),
});
export type ContactMethod = z.infer<typeof ContactMethodSchema>;
export const ContactMethodListSchema = z.array(ContactMethodSchema);

/** What to do with the account's Primary contact when another one is made Primary. */
export const PRIMARY_CHOICES = ['replace', 'keep'] as const;

export const ContactMethodInputSchema = z
  .object({
    ContactCategory: z.enum(CONTACT_CATEGORIES, {
      message: `Category must be one of: ${CONTACT_CATEGORIES.join(', ')}.`,
    }),
    ContactName: text('Name', 1, 80),
    Phone: optionalPhone('Phone'),
    Phone2: optionalPhone('Second phone'),
    Email: optionalEmail,
    /**
     * When the category is Primary and the account already has a Primary contact: `replace` makes the other one
     * Secondary, `keep` leaves both Primary. Without it such a request is refused (409 naming ContactCategory).
     */
    ifPrimaryExists: z
      .enum(PRIMARY_CHOICES, { message: `If a Primary contact exists, choose one of: ${PRIMARY_CHOICES.join(', ')}.` })
      .optional(),
    /** A new contact's service locations, linked in the same request (ignored when a contact is changed). */
    serviceLocationIds: z
      .array(z.number().int().positive('Each location must be a service location id.'))
      .max(100, 'At most 100 locations.')
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.Phone === null && value.Email === null) {
      ctx.addIssue({ code: 'custom', path: ['Phone'], message: 'Give a phone number or an email address.' });
    }
    if (value.Phone2 !== null && value.Phone === null) {
      ctx.addIssue({ code: 'custom', path: ['Phone'], message: 'Fill in the first phone before a second one.' });
    }
  });
export type ContactMethodInput = z.input<typeof ContactMethodInputSchema>;

export const ContactIdParamsSchema = z.object({ contactId: idParam('Contact id') });
export const ContactLocationParamsSchema = z.object({
  contactId: idParam('Contact id'),
  serviceLocationId: idParam('Service location id'),
});

/** getContactMethodLinkObject: every service location of the account, and whether this contact is linked there. */
export const ContactLinkObjectSchema = z.object({
  ContactMethodID: z.number().int(),
  ContactName: z.string(),
  linkTypes: z.array(z.string()),
  locations: z.array(
    z.object({
      ServiceLocationID: z.number().int(),
      fullAddress: z.string(),
      linked: z.boolean(),
      linkType: z.string().nullable(),
    }),
  ),
});
export type ContactLinkObject = z.infer<typeof ContactLinkObjectSchema>;

/** linkContactLocations: the whole set of links of one contact (an empty list unlinks it everywhere). */
export const LinkContactLocationsSchema = z.object({
  links: z
    .array(z.object({ ServiceLocationID: idParam('Service location id'), linkType: LinkTypeSchema }))
    .max(200, 'At most 200 service locations can be linked at once.')
    .refine(
      (links) => new Set(links.map((l) => l.ServiceLocationID)).size === links.length,
      'Each service location can be linked once.',
    ),
});
export type LinkContactLocations = z.infer<typeof LinkContactLocationsSchema>;

/** editContactMethodLocation / editContactMethodLinkType: one link's type. */
export const LinkTypeRequestSchema = z.object({ linkType: LinkTypeSchema });

// ---- users and permissions (addUser, getUsers, updateUser, getPermissionCategories, updatePermissions) ---------

const username = cleanLine()
  .trim()
  .min(3, 'Username must be 3 to 64 characters.')
  .max(64, 'Username must be 3 to 64 characters.')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Username may use letters, digits and . _ @ - only.');

const name = (label: string) => text(label, 1, 80);
const requiredEmail = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Email must be a valid email address, like name@example.com.'))
  .transform((v) => v.toLowerCase());

/** A set of categories where one needs another it lacks ("Pay bills" without "View bills") is refused. */
function refuseConflicts(list: PermissionCategory[], ctx: z.RefinementCtx) {
  for (const message of permissionConflicts(list)) ctx.addIssue({ code: 'custom', message });
}

export const CustomerUserSchema = z.object({
  nUserID: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** A new email waiting for its owner to confirm it (the email above stays in use until then). */
  pendingEmail: z.string().nullable(),
  isAdmin: z.boolean(),
  active: z.boolean(),
  permissions: z.array(PermissionCategoryCodeSchema),
});
export type CustomerUser = z.infer<typeof CustomerUserSchema>;
export const CustomerUserListSchema = z.array(CustomerUserSchema);

export const AddUserRequestSchema = z.object({
  username,
  firstName: name('First name'),
  lastName: name('Last name'),
  email: requiredEmail,
  password,
  permissions: z
    .array(PermissionCategoryCodeSchema)
    .max(PERMISSION_CATEGORIES.length)
    .default([])
    .superRefine(refuseConflicts),
});
export type AddUserRequest = z.input<typeof AddUserRequestSchema>;

export const UpdateUserRequestSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: requiredEmail,
  active: z.boolean({ message: 'Active must be true or false.' }),
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequestSchema>;

export const UserIdParamsSchema = z.object({ userId: idParam('User id') });

export const PermissionStateSchema = z.object({
  code: PermissionCategoryCodeSchema,
  name: z.string(),
  description: z.string(),
  granted: z.boolean(),
});
export const UserPermissionsSchema = z.object({
  SelectedUserID: z.number().int(),
  isAdmin: z.boolean(),
  /** Whether the signed-in user may change these (not their own, not the admin's). */
  editable: z.boolean(),
  categories: z.array(PermissionStateSchema),
});
export type UserPermissions = z.infer<typeof UserPermissionsSchema>;

/** updatePermissions: the full list of categories the user gets (SPEC §7 calls it UtilityList). */
export const UpdatePermissionsRequestSchema = z.object({
  UtilityList: z
    .array(PermissionCategoryCodeSchema)
    .max(PERMISSION_CATEGORIES.length, 'Each permission can be given once.')
    .refine((list) => new Set(list).size === list.length, 'Each permission can be given once.')
    .superRefine(refuseConflicts),
});
export type UpdatePermissionsRequest = z.infer<typeof UpdatePermissionsRequestSchema>;

// ---- trouble tickets and business-center requests -------------------------------------------------------------

export const TROUBLE_TICKET_CATEGORIES = [
  'No service',
  'Slow or dropping internet',
  'Phone service',
  'TV service',
  'Equipment',
  'Other',
] as const;

export const TroubleTicketSchema = z.object({
  TicketID: z.number().int(),
  ServiceLocationID: z.number().int(),
  category: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.string(),
  contactPhone: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TroubleTicket = z.infer<typeof TroubleTicketSchema>;
export const TroubleTicketListSchema = z.array(TroubleTicketSchema);

export const NewTroubleTicketSchema = z.object({
  category: z.enum(TROUBLE_TICKET_CATEGORIES, {
    message: `Problem type must be one of: ${TROUBLE_TICKET_CATEGORIES.join(', ')}.`,
  }),
  subject: text('Subject', 3, 120),
  description: text('Description', 10, 2000, true),
  contactPhone: optionalPhone('Callback phone'),
});
export type NewTroubleTicket = z.input<typeof NewTroubleTicketSchema>;

export const ServiceLocationParamsSchema = z.object({ serviceLocationId: idParam('Service location id') });

// ---- a ticket's life (issue 28 item 5): its page, replies, staff answers, response times --------------------------

/** The statuses staff give a ticket (older tickets may carry 'In Progress' or 'Closed'). */
export const TICKET_STATUSES = ['Open', 'Waiting on customer', 'Resolved'] as const;

export const TicketParamsSchema = z.object({ ticketId: idParam('Ticket id') });

export const TicketUpdateSchema = z.object({
  UpdateID: z.number().int(),
  /** customer: a reply of the account's user; staff: an answer of the provider. */
  author: z.enum(['customer', 'staff']),
  authorName: z.string().nullable(),
  body: z.string(),
  /** The status the ticket was given with this update (null: unchanged). */
  status: z.string().nullable(),
  createdAt: z.string(),
});

export const TroubleTicketPageSchema = TroubleTicketSchema.extend({
  fullAddress: z.string(),
  /** The expected response time of the ticket's category, in hours. */
  responseHours: z.number().int().nullable(),
  updates: z.array(TicketUpdateSchema),
});
export type TroubleTicketPage = z.infer<typeof TroubleTicketPageSchema>;

export const TicketReplySchema = z.object({ body: text('Reply', 2, 2000, true) });

export const StaffTicketAnswerSchema = z.object({
  body: text('Answer', 2, 2000, true),
  status: z.enum(TICKET_STATUSES, { message: `Status must be one of: ${TICKET_STATUSES.join(', ')}.` }),
});

export const TicketCategoryListSchema = z.array(z.object({ category: z.string(), responseHours: z.number().int() }));

export const STAFF_TICKET_FILTERS = ['open', 'waiting', 'resolved', 'all'] as const;
export const StaffTicketQuerySchema = z.object({
  status: z
    .enum(STAFF_TICKET_FILTERS, { message: `Status must be one of: ${STAFF_TICKET_FILTERS.join(', ')}.` })
    .default('open'),
});

export const StaffTicketListSchema = z.array(
  TroubleTicketSchema.extend({ customerId: z.string(), customerName: z.string(), lastUpdateAt: z.string() }),
);

export const BUSINESS_CENTER_CATEGORY_MAX = 60;
/** Most categories on offer at once (a select longer than this helps nobody). */
export const BUSINESS_CENTER_CATEGORIES_MAX = 30;

export const BusinessCenterRequestSchema = z.object({
  RequestID: z.number().int(),
  category: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** The service location the request is about (null for requests from before locations were asked). */
  serviceLocationId: z.number().int().nullable(),
  locationAddress: z.string().nullable(),
});
export type BusinessCenterRequest = z.infer<typeof BusinessCenterRequestSchema>;
export const BusinessCenterRequestListSchema = z.array(BusinessCenterRequestSchema);

/** The category is one the server offers (checked there against `business_center_categories`). */
export const NewBusinessCenterRequestSchema = z.object({
  category: text('Category', 1, BUSINESS_CENTER_CATEGORY_MAX),
  subject: text('Subject', 3, 120),
  description: text('Description', 10, 2000, true),
  /** Which of the account's service locations it is about. */
  serviceLocationId: z
    .number({ message: 'Choose the location the request is about.' })
    .int('Choose the location the request is about.')
    .positive('Choose the location the request is about.'),
});
export type NewBusinessCenterRequest = z.input<typeof NewBusinessCenterRequestSchema>;

/** The statuses staff give a business-center request (the demo's requests carry them). */
export const BUSINESS_REQUEST_STATUSES = ['Open', 'In Progress', 'Closed'] as const;
export const BusinessCenterRequestParamsSchema = z.object({ requestId: idParam('Request id') });
/** A staff update of a request: its new status (the customer is told, issue 30 `business_request.updated`). */
export const StaffBusinessRequestUpdateSchema = z.object({
  status: z.enum(BUSINESS_REQUEST_STATUSES, {
    message: `Status must be one of: ${BUSINESS_REQUEST_STATUSES.join(', ')}.`,
  }),
});
export const StaffBusinessRequestSchema = z.object({
  RequestID: z.number().int(),
  customerId: z.string(),
  subject: z.string(),
  status: z.string(),
});

// ---- business-center categories (SPEC §7 "business center categories") ---------------------------------------

/** A category as the customer's form offers it, in the staff's order. */
export const BusinessCenterCategorySchema = z.object({ CategoryID: z.number().int(), name: z.string() });
export type BusinessCenterCategory = z.infer<typeof BusinessCenterCategorySchema>;
export const BusinessCenterCategoryListSchema = z.array(BusinessCenterCategorySchema);

/** A category as staff manage it: retired ones stay (old requests keep their name) but are not offered. */
export const StaffBusinessCenterCategorySchema = BusinessCenterCategorySchema.extend({
  position: z.number().int(),
  retired: z.boolean(),
  /** Requests filed under this name. */
  requestCount: z.number().int(),
});
export type StaffBusinessCenterCategory = z.infer<typeof StaffBusinessCenterCategorySchema>;
export const StaffBusinessCenterCategoryListSchema = z.array(StaffBusinessCenterCategorySchema);

export const NewBusinessCenterCategorySchema = z.object({ name: text('Name', 1, BUSINESS_CENTER_CATEGORY_MAX) });
export type NewBusinessCenterCategory = z.input<typeof NewBusinessCenterCategorySchema>;

export const BusinessCenterCategoryUpdateSchema = z
  .object({
    name: text('Name', 1, BUSINESS_CENTER_CATEGORY_MAX).optional(),
    /** 1-based place in the list (the others move to make room). */
    position: z.number().int('Position must be a whole number.').min(1, 'Position must be 1 or more.').optional(),
    retired: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.position !== undefined || v.retired !== undefined, {
    message: 'Change the name, the position or whether it is retired.',
    path: ['name'],
  });
export type BusinessCenterCategoryUpdate = z.input<typeof BusinessCenterCategoryUpdateSchema>;

export const BusinessCenterCategoryParamsSchema = z.object({ categoryId: idParam('Category id') });
