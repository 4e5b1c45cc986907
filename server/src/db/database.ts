/**
 * Table types of the database (snake_case, as in the migrations). schema-drift.test.ts compares them with a freshly
 * migrated SQLite and PostgreSQL database, so a migration without its types (or the reverse) fails the tests.
 * Long file: one interface per table, the whole schema in one place to read beside the migrations; split by area it
 * would hide the foreign keys between areas.
 */
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

export interface CustomersTable {
  id: string;
  name: string;
  customer_type: string;
  status: string;
  created_at: string;
  /** 0036: 1 when the account may fax international-rate destinations (off until the provider turns it on). */
  international_faxing: ColumnType<number, number | undefined, number>;
  /** 0045: 1 when the account gets its bills by email only (Settings and the Billing Center). */
  paperless_billing: ColumnType<number, number | undefined, number>;
}

export interface ContractorCompaniesTable {
  id: number;
  name: string;
}

export interface NocLocationsTable {
  id: number;
  name: string;
}

export interface MailingLocationsTable {
  id: Generated<number>;
  customer_id: string;
  address: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  zip_four: string | null;
  autopay_payment_method_id: number | null;
}

export interface CentralOfficesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

export interface ServiceLocationsTable {
  id: Generated<number>;
  customer_id: string;
  address: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  zip_four: string | null;
  latitude: number;
  longitude: number;
  colo_area: string | null;
  central_office_id: number | null;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  customer_id: string;
  is_admin: number;
  is_staff: number;
  employee_id: number | null;
  installer: number;
  contractor_id: number;
  noc_location_id: number | null;
  active_service_location_id: number | null;
  active_mailing_location_id: number | null;
  disabled: number;
  created_at: string;
  updated_at: string;
  /** 0011-staff-roles: comma-separated StaffRole list ('' for non-staff). */
  staff_roles: ColumnType<string, string | undefined, string>;
}

export interface PermissionCategoriesTable {
  code: string;
  name: string;
  description: string;
}

export interface UserPermissionsTable {
  user_id: number;
  category: string;
}

export interface UserSettingsTable {
  user_id: number;
  enable_style: number;
  gradient_direction: number;
  selected_color1: string;
  selected_color2: string;
  updated_at: string;
}

export interface SessionLogsTable {
  id: Generated<number>;
  user_id: number;
  logged_at: string;
  ip: string;
  user_agent: string | null;
  client_version: string | null;
  super_user_employee_id: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username_key: string;
  ip: string;
  failed_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  staff_user_id: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface RegistrationCodesTable {
  customer_id: string;
  generation: Generated<number>;
  mailed_at: string | null;
  used_at: string | null;
}

export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  requested_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MailRequestsTable {
  id: Generated<number>;
  kind: string;
  identifier: string;
  requested_at: string;
  processed_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SuperUserLinksTable {
  hash: string;
  customer_id: string;
  employee_id: number;
  issued_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  employee_id: number | null;
  action: string;
  subject: string | null;
  detail: string | null;
  /** 0054: the subject as type + id (account, order, work_order, ticket, payment, asset…), for timelines. */
  subject_type: string | null;
  subject_id: string | null;
  /** 0054: the customer account the entry concerns (an account's timeline), if any. */
  customer_id: string | null;
  /** 0054: 1 when done through a super-user session. */
  super_user: ColumnType<number, number | undefined, number>;
  /** 0054: JSON `[{ field, from, to }]`, secrets redacted (lib/audit.ts changesBetween). */
  changes: string | null;
  /** 0054: where the request came from. */
  ip: string | null;
  /** 0054: the short form of the request's user agent, e.g. "Chrome on Windows". */
  user_agent: string | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  status_code: number;
  response: string;
  created_at: string;
  /** 0035: the hash of the request the key was first used with (null for keys stored before). */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A rate-limit counter: requests or bytes of one key in one fixed window (plugins/rate-limits.ts). */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
  expires_at: string;
}

export interface ContactMethodsTable {
  id: Generated<number>;
  customer_id: string;
  category: string;
  name: string;
  phone: string | null;
  phone2: string | null;
  email: string | null;
}

export interface ContactMethodLocationsTable {
  contact_method_id: number;
  service_location_id: number;
  link_type: string;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  master_id: number;
  price_cents: number;
  /** 0012-orders */
  category: ColumnType<string, string | undefined, string>;
  install_fee_cents: ColumnType<number, number | undefined, number>;
  area_kinds: ColumnType<string, string | undefined, string>;
  speed_mbps: ColumnType<number | null, number | null | undefined, number | null>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ServiceLocationPackagesTable {
  id: Generated<number>;
  service_location_id: number;
  package_id: number;
  order_id: number | null;
  start_date: string;
  last_invoiced: string | null;
  active: number;
}

export interface EquipmentDefinitionsTable {
  id: Generated<number>;
  description: string;
  maker: string;
  model: string;
  hardware_type: number;
  equipment_type: string;
  ports: number;
  slots: number;
}

export interface AssetsTable {
  id: Generated<number>;
  asset_tag: string;
  definition_id: number;
  description: string;
  information: string | null;
  status: string;
  warranty: string | null;
  serial_number: string | null;
  mac_address: string | null;
  service_location_id: number | null;
  assigned_user_id: number | null;
  noc_location_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface AssetChangesTable {
  id: Generated<number>;
  asset_id: number;
  at: string;
  user_id: number | null;
  work_order_id: number | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

export interface AssetPortsTable {
  id: Generated<number>;
  asset_id: number;
  slot: number;
  port: number;
  label: string;
}

export interface ApplicationActionsTable {
  id: number;
  action: string;
  description: string;
}

export interface HardwareTypeActionsTable {
  hardware_type: number;
  action_id: number;
}

export interface SalesOrdersTable {
  id: Generated<number>;
  customer_id: string;
  service_location_id: number | null;
  notes: string | null;
  html: string | null;
  created_at: string;
  /** 0012-orders: domain ORDER_STATUSES (default 'installed' for the orders from before ordering existed). */
  status: ColumnType<string, string | undefined, string>;
  kind: ColumnType<string, string | undefined, string>;
  mailing_location_id: number | null;
  install_date: string | null;
  install_window: string | null;
  monthly_cents: ColumnType<number, number | undefined, number>;
  one_time_cents: ColumnType<number, number | undefined, number>;
  paid_cents: ColumnType<number, number | undefined, number>;
  refunded_cents: ColumnType<number, number | undefined, number>;
  gateway_charge_id: string | null;
  placed_by_user_id: number | null;
  placed_by_employee_id: number | null;
  updated_at: string | null;
  installed_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** 0038: a cancel recorded before its refund (its work orders do not complete meanwhile); null: none in progress. */
  cancel_started_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014-fulfilment: the invoice the install created (null until then); completing twice never bills twice. */
  first_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0035: the gateway's fingerprint of the card that paid at checkout (open orders are capped per card). */
  card_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SalesOrderLinesTable {
  id: Generated<number>;
  sales_order_id: number;
  package_id: number;
  action: string;
  description: string;
  monthly_cents: number;
  install_fee_cents: number;
  service_location_package_id: number | null;
}

export interface SalesOrderEventsTable {
  id: Generated<number>;
  sales_order_id: number;
  at: string;
  kind: string;
  message: string;
  work_order_id: number | null;
  user_id: number | null;
  employee_id: number | null;
}

export interface WorkOrderTypesTable {
  id: Generated<number>;
  description: string;
  class: string;
  view_file: string;
  template_type: string | null;
  is_business: number;
}

export interface WorkOrdersTable {
  id: Generated<number>;
  type_id: number;
  customer_id: string;
  service_location_id: number | null;
  order_id: number | null;
  detail_id: number | null;
  contractor_id: number | null;
  status: string;
  colo_area: string | null;
  summary: string | null;
  next_scheduled_name: string | null;
  next_scheduled_at: string | null;
  due_date: string | null;
  gis_object_id: string | null;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
  created_at: string;
  last_updated: string;
  /** 0012-orders: an order's work order waits ('Waiting') until this one is complete. */
  depends_on_work_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0031-nearby-cells: the service location's position and map cell, kept by triggers (never written by the app). */
  latitude: ColumnType<number | null, never, never>;
  longitude: ColumnType<number | null, never, never>;
  geo_cell: ColumnType<number | null, never, never>;
}

export interface WorkOrderAssignmentsTable {
  work_order_id: number;
  user_id: number;
  assigned_at: string;
}

export interface WorkOrderNotesTable {
  id: Generated<number>;
  work_order_id: number;
  author: string;
  body: string;
  created_at: string;
}

export interface AttachmentsTable {
  id: Generated<number>;
  work_order_id: number;
  file_name: string;
  description: string | null;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: number | null;
  idempotency_key: string | null;
  created_at: string;
}

export interface CircuitsTable {
  id: Generated<number>;
  service_location_id: number;
  product: string;
  circuit_code: string;
  description: string;
  asset_id: number | null;
  server_ip: string;
  slot: number;
  port: number;
}

export interface PhysicalPlantConfigsTable {
  id: Generated<number>;
  order_id: number;
  splitter_port_label: string | null;
  splitter_asset_description: string | null;
  is_fiber_drop_only: string | null;
  cabinet_location: string | null;
  fiber_size: string | null;
  fiber_size2: string | null;
  existing_logical_circuit_id: string | null;
  existing_fiber_drop: string | null;
  fiber_strand: string | null;
  fiber_strand2: string | null;
  ont_number: string | null;
  fiber_port: string | null;
  hand_hole_address: string | null;
  splitter_asset_id: string | null;
}

export interface AssetActionRequestsTable {
  id: Generated<number>;
  work_order_id: number;
  asset_id: number;
  action_id: number;
  requested_by: number;
  status: string;
  result: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
}

export interface DropTypesTable {
  id: Generated<number>;
  type: string;
  is_business: number;
}

export interface SpliceCaseTypesTable {
  id: Generated<number>;
  type: string;
}

export interface AssemblyUnitsTable {
  id: Generated<number>;
  code: string;
  description: string;
  req_asset_tag: number;
  req_sequential: number;
  req_additional_drop_fee: number;
  req_reel_num: number;
}

export interface ChecklistsTable {
  id: Generated<number>;
  work_order_id: number;
  template: string;
  data: string;
  arrival_onsite: string | null;
  work_complete: string | null;
  notes: string | null;
  updated_by: number | null;
  updated_at: string;
}

export interface ChecklistHistoryTable {
  id: Generated<number>;
  checklist_id: number;
  user_id: number;
  at: string;
  changes: string;
}

export interface WorkOrderAssemblyUnitsTable {
  id: Generated<number>;
  work_order_id: number;
  assembly_unit_id: number;
  qty_units: number;
  asset_tags: string | null;
  serial_numbers: string | null;
  beg_sequential: string | null;
  end_sequential: string | null;
  reel_num: string | null;
  row_footage: number | null;
  created_by: number | null;
  created_at: string;
}

/** 0016-dispatch: the dispatch board's slot of a work order (one installer or one contractor crew). */
export interface WorkOrderSlotsTable {
  work_order_id: number;
  /** installer | contractor */
  resource_kind: string;
  installer_user_id: number | null;
  contractor_id: number | null;
  starts_at: string;
  ends_at: string;
  calendar_event_id: number | null;
  updated_at: string;
  updated_by: number | null;
}

export interface CalendarEventsTable {
  id: Generated<number>;
  contractor_id: number;
  work_order_id: number | null;
  title: string;
  starts_at: string;
  ends_at: string;
}

export interface RestorationTicketsTable {
  id: Generated<number>;
  contractor_id: number;
  work_order_id: number | null;
  address: string;
  description: string;
  status: string;
  latitude: number | null;
  longitude: number | null;
  image_key: string | null;
  /** 0008-file-integrity: the image's sha256, checked before it is served (null for tickets from before 0008). */
  image_sha256: string | null;
  created_at: string;
}

export interface RestorationTicketNotesTable {
  id: Generated<number>;
  ticket_id: number;
  author: string;
  body: string;
  created_at: string;
}

export interface MapFeaturesTable {
  id: Generated<number>;
  layer_id: number;
  name: string;
  geometry: string;
  properties: string;
  latitude: number;
  longitude: number;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  customer_id: string;
  kind: string;
  gateway_token: string;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  holder_name: string;
  created_at: string;
  deleted_at: string | null;
  /** 0004-customer */
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InvoicesTable {
  id: Generated<number>;
  customer_id: string;
  mailing_location_id: number;
  invoice_group_id: number;
  invoice_date: string;
  due_date: string;
  amount_cents: number;
  balance_cents: number;
  status: string;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  description: string;
  amount_cents: number;
  /** 0006-reports: the service location the line bills; null for charges of the whole account. */
  service_location_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentsTable {
  id: Generated<number>;
  customer_id: string;
  payment_method_id: number;
  amount_cents: number;
  fee_cents: number;
  status: string;
  gateway_reference: string | null;
  paid_by: number | null;
  created_at: string;
  /** 0004-customer */
  idempotency_key: string | null;
  request_hash: string | null;
  source: ColumnType<string, string | undefined, string>;
  failure_reason: string | null;
  updated_at: string | null;
  /** 0040: what was refunded of it (a cancelled order's payment), and when. */
  refunded_cents: ColumnType<number, number | undefined, number>;
  refunded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0047: the confirmation number shown to the payer (unique; lib/confirmation-number.ts). */
  confirmation_number: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentAllocationsTable {
  payment_id: number;
  invoice_id: number;
  amount_cents: number;
}

export interface TroubleTicketsTable {
  id: Generated<number>;
  customer_id: string;
  service_location_id: number;
  subject: string;
  description: string;
  status: string;
  created_by: number | null;
  created_at: string;
  /** 0004-customer */
  category: ColumnType<string, string | undefined, string>;
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0048: the expected response time of each trouble-ticket category. */
export interface TroubleTicketCategoriesTable {
  name: string;
  response_hours: number;
  position: number;
}

/** 0048: a ticket's timeline: staff answers and customer replies. */
export interface TroubleTicketUpdatesTable {
  id: Generated<number>;
  ticket_id: number;
  /** customer | staff */
  author: string;
  user_id: number | null;
  employee_id: number | null;
  body: string;
  /** The status the ticket was given with this update (null: unchanged). */
  status: string | null;
  created_at: string;
}

export interface BusinessCenterRequestsTable {
  id: Generated<number>;
  customer_id: string;
  category: string;
  subject: string;
  description: string;
  status: string;
  created_by: number | null;
  created_at: string;
  /** 0046: the service location the request is about (null for requests from before). */
  service_location_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CallRecordsTable {
  id: Generated<number>;
  customer_id: string;
  started_at: string;
  direction: string;
  from_number: string;
  to_number: string;
  duration_seconds: number;
  /** 0017-reports: answered | busy | no_answer (domain CALL_OUTCOMES). */
  outcome: ColumnType<string, string | undefined, string>;
}

/** 0024-call-summaries (kept by triggers on call_records): calls per account, day, hour (UTC, "00"–"23"), direction,
 * class and connected. */
export interface CallHourTotalsTable {
  hour: string;
  customer_id: string;
  day: string;
  direction: string;
  /** local | long_distance | toll_free | international (domain callClassOf). */
  class: string;
  /** 1 when the calls lasted more than 0 seconds. */
  connected: number;
  calls: number;
  busy: number;
  no_answer: number;
  seconds: number;
  /** Each call rounded up to the whole minute, then added. */
  minutes: number;
}

/** 0024-call-summaries: calls per account, day, direction, class, the account's own line and connected. */
export interface CallLineTotalsTable {
  line: string;
  customer_id: string;
  day: string;
  direction: string;
  /** local | long_distance | toll_free | international (domain callClassOf). */
  class: string;
  /** 1 when the calls lasted more than 0 seconds. */
  connected: number;
  calls: number;
  busy: number;
  no_answer: number;
  seconds: number;
  /** Each call rounded up to the whole minute, then added. */
  minutes: number;
}

/** 0026-line-months-contacts-order: call_line_totals per month (YYYY-MM) instead of per day, kept by triggers on call_records. */
export interface CallLineMonthTotalsTable {
  line: string;
  customer_id: string;
  month: string;
  direction: string;
  /** local | long_distance | toll_free | international (domain callClassOf). */
  class: string;
  /** 1 when the calls lasted more than 0 seconds. */
  connected: number;
  calls: number;
  busy: number;
  no_answer: number;
  seconds: number;
  /** Each call rounded up to the whole minute, then added. */
  minutes: number;
}

/** 0024-call-summaries: each day's concurrency peak, swept on demand when stale (see the migration). */
export interface CallDayPeaksTable {
  customer_id: string;
  day: string;
  stale: number;
  peak: number;
  /** Seconds since 1970 when the peak was first reached. */
  first_at: number;
  /** Connected calls starting this day that reach two days on. */
  long_calls: number;
}

/** 0014-fulfilment: the sandbox gateway's refunds, one per idempotency key. */
export interface SandboxGatewayRefundsTable {
  id: string;
  idempotency_key: string;
  charge_id: string;
  amount_cents: number;
  created_at: string;
}

/** 0004-customer: the sandbox payment gateway's vault (token -> test behaviour; never a card number). */
export interface SandboxGatewayTokensTable {
  token: string;
  kind: string;
  brand: string;
  last4: string;
  behaviour: string;
  fingerprint: string;
  created_at: string;
}

/** 0004-customer: the sandbox gateway's ledger, one charge per gateway idempotency key. */
export interface SandboxGatewayChargesTable {
  id: string;
  idempotency_key: string;
  token: string;
  amount_cents: number;
  status: string;
  decline_code: string | null;
  created_at: string;
}

export interface ContractorLastSearchesTable {
  user_id: number;
  /** The search criteria as JSON (ContractorSearch). */
  criteria: string;
  saved_at: string;
}

export interface FiberContractsTable {
  id: Generated<number>;
  contractor_id: number;
  contract_number: string;
  name: string;
  starts_on: string;
  ends_on: string;
}

export interface ContractUnitPricesTable {
  contract_id: number;
  assembly_unit_id: number;
  unit_price_cents: number;
}

/** 0007-applicants: a job applicant invited to the programming test (only the access code's hash is kept). */
export interface ApplicantsTable {
  id: Generated<number>;
  name: string;
  email: string;
  username: string;
  code_hash: string;
  invited_by: number | null;
  invited_at: string;
  current_submission_id: number | null;
}

/** 0007-applicants: every zip an applicant submitted; the file is in the file store under storage_key. */
export interface ApplicantSubmissionsTable {
  id: Generated<number>;
  applicant_id: number;
  storage_key: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  idempotency_key: string;
  submitted_at: string;
}

export interface EmailAccountsTable {
  id: Generated<number>;
  /** Lower-case; unique. */
  address: string;
  customer_id: string;
  owner_name: string;
  quota_mb: number;
  used_mb: number;
  /** argon2id; never leaves the server. */
  password_hash: string;
  forward_to: string | null;
  keep_copy: number;
  vacation_enabled: number;
  vacation_subject: string;
  vacation_message: string;
  vacation_start: string | null;
  vacation_end: string | null;
  updated_at: string;
}

export interface FaxNumbersTable {
  id: Generated<number>;
  /** 10 digits. */
  number: string;
  customer_id: string;
  service_location_id: number | null;
  updated_at: string;
}

export interface FaxEmailAddressesTable {
  id: Generated<number>;
  fax_number_id: number;
  /** Lower-case; unique per fax number. */
  email: string;
  created_at: string;
}

export interface FaxesReceivedTable {
  id: Generated<number>;
  fax_number_id: number;
  from_number: string;
  received_at: string;
  pages: number;
  storage_key: string;
  size_bytes: number;
  sha256: string;
}

/** 0013-ordering: the provider's address data (verified, standardized, geocoded). */
export interface AddressesTable {
  id: Generated<number>;
  number: string;
  street: string;
  unit: ColumnType<string, string | undefined, string>;
  city: string;
  state: string;
  zip: string;
  zip_four: string | null;
  county: string | null;
  latitude: number;
  longitude: number;
  address_key: string;
  service_location_id: number | null;
}

export interface TempServiceLocationsTable {
  id: Generated<number>;
  address_key: string;
  number: string;
  street: string;
  unit: ColumnType<string, string | undefined, string>;
  city: string;
  state: string;
  zip: string;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  precision: string | null;
  status: ColumnType<string, string | undefined, string>;
  created_at: string;
  confirmed_at: string | null;
  confirmed_by_employee_id: number | null;
  address_id: number | null;
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  area_kind: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UnplacedChargesTable {
  id: Generated<number>;
  created_at: string;
  updated_at: string;
  gateway_reference: string;
  gateway_key: string;
  amount_cents: number;
  email: string | null;
  customer_id: string | null;
  employee_id: number | null;
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  refund_reference: string | null;
  refunded_at: string | null;
}

export interface ServiceAreaBoundsTable {
  map_feature_id: number;
  layer_id: number;
  area_kind: string;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
}

export interface AvailabilityChecksTable {
  id: Generated<number>;
  /** The id a visitor holds: a random token, unique (0039). */
  public_id: string;
  at: string;
  address_id: number | null;
  temp_location_id: number | null;
  query: string;
  status: string;
  area_kind: string;
  order_id: number | null;
  /** 0041: the unit as checked (a unit our data does not list in a building it knows keeps the building's row). */
  unit: ColumnType<string, string | undefined, string>;
}

export interface AvailabilityLeadsTable {
  id: Generated<number>;
  created_at: string;
  check_id: number;
  email: string;
  name: string;
  kind: string;
  area_kind: string;
  address_key: string;
  notified_at: string | null;
}

export interface CartsTable {
  id: string;
  check_id: number;
  address_id: number | null;
  temp_location_id: number | null;
  package_ids: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
  order_id: number | null;
  /** 0041: the unit of the check it came from, carried into the cart's address and the order's location. */
  unit: ColumnType<string, string | undefined, string>;
}

/** A card declined at checkout (0035), counted per checkout, account, card and client address. */
export interface CheckoutDeclinesTable {
  id: Generated<number>;
  created_at: string;
  cart_id: string;
  /** The account's id, or `email:<address>` for a new account's checkout. */
  account_key: string;
  fingerprint: string | null;
  client_address: string | null;
  amount_cents: number;
  message: string;
}

export interface CheckoutEmailCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: string | null;
}

/** Forced authorization codes of business phone customers (0015). `code` is never answered after the add. */
export interface AuthCodesTable {
  id: Generated<number>;
  customer_id: string;
  code: string | null;
  code_reversed: string | null;
  description: string;
  class_of_service: string;
  status: string;
  enabled: ColumnType<number, number | undefined, number>;
  push_action: string | null;
  push_attempts: ColumnType<number, number | undefined, number>;
  next_push_at: string | null;
  push_claim: string | null;
  push_claimed_until: string | null;
  pushed_at: string | null;
  last_error: string | null;
  version: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  removed_at: string | null;
}

/** The business-center categories staff manage (0015); requests keep the name they were filed under. */
export interface BusinessCenterCategoriesTable {
  id: Generated<number>;
  name: string;
  position: number;
  retired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** 0019-notices: a notice mailed to a subscriber list. */
export interface NoticesTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  body: string;
  window_start: string | null;
  window_end: string | null;
  restoration_ticket_id: number | null;
  ticket_reference: string | null;
  /** The subscriber filter as JSON. */
  filter: string;
  audience_customers: number;
  status: string;
  listed_through: string | null;
  lease_until: string | null;
  created_by: number;
  employee_id: number | null;
  created_at: string;
  finished_at: string | null;
}

/** 0019-notices: the record of who was told, one row per email address (or customer without one) per notice. */
export interface NoticeRecipientsTable {
  id: Generated<number>;
  notice_id: number;
  customer_id: string;
  customer_name: string;
  address: string;
  email: string | null;
  recipient_key: string;
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_at: string | null;
  sent_at: string | null;
  failure: string | null;
  /** 0055: the notification outbox row of this mail (null: a record with no mail, e.g. nobody takes e-mail). */
  outbox_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** 0018-customer-services: circuits leased to another carrier or ISP. */
export interface WholesaleServicesTable {
  id: Generated<number>;
  customer_id: string;
  circuit_id: string;
  a_endpoint: string;
  z_endpoint: string;
  bandwidth_mbps: number;
  monthly_rate_cents: number;
  /** Active, Pending, Disconnected */
  status: string;
  start_date: string;
  end_date: string | null;
  created_at: string;
}

export interface WholesaleUsageTable {
  id: Generated<number>;
  wholesale_service_id: number;
  /** YYYY-MM */
  month: string;
  in_gb: number;
  out_gb: number;
  peak_mbps: number;
  /** Hundredths of a percent. */
  availability_bp: number;
  billed_cents: number;
}

/** A fax sent from the portal and its place in the queue. */
export interface SentFaxesTable {
  id: Generated<number>;
  fax_number_id: number;
  customer_id: string;
  to_number: string;
  cover_page: number;
  cover_note: string;
  pages: number;
  size_bytes: number;
  /** queued, sending, sent, failed */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  carrier_calls: ColumnType<number, number | undefined, number>;
  retries: ColumnType<number, number | undefined, number>;
  next_attempt_at: string | null;
  claim_token: string | null;
  claimed_at: string | null;
  call_id: string | null;
  reason: string | null;
  created_by: number;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** 0036: the pages of one fax queued (sent, or sent again), summed per account against FAX_MAX_PAGES_PER_DAY. */
export interface FaxPageChargesTable {
  id: Generated<number>;
  customer_id: string;
  sent_fax_id: number;
  pages: number;
  created_at: string;
}

export interface SentFaxFilesTable {
  id: Generated<number>;
  sent_fax_id: number;
  position: number;
  /** cover, document */
  kind: string;
  name: string;
  content_type: string;
  pages: number;
  storage_key: string;
  size_bytes: number;
  sha256: string;
}

export interface SentFaxAttemptsTable {
  id: Generated<number>;
  sent_fax_id: number;
  call_id: string;
  at: string;
  /** sent, busy, no-answer, failed, error */
  outcome: string;
  detail: string | null;
}

/** 0022-cluster-state: the database file store (STORAGE=postgres): a key names one generation of chunks. */
export interface StoredFilesTable {
  key: string;
  blob_id: string;
  size_bytes: number;
  sha256: string;
  chunks: number;
  stored_at: string;
}

/** 0022-cluster-state: a stored file's bytes, in chunks of at most 1 MiB numbered from 0. */
export interface StoredFileChunksTable {
  blob_id: string;
  n: number;
  data: Buffer;
}

/** 0022-cluster-state: one row per background job (jobs.ts): its lease, its next round and its last rounds. */
export interface JobRunsTable {
  name: string;
  interval_ms: number;
  lease_owner: string | null;
  lease_until: string | null;
  next_run_at: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_ok_at: string | null;
  last_duration_ms: number | null;
  last_error: string | null;
  last_instance: string | null;
  failures: Generated<number>;
  runs: Generated<number>;
  failed_runs: Generated<number>;
}

/** 0042: the notification outbox, one row per recipient and channel, written in the event's transaction. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  event_type: string;
  category: string;
  /** user | contact | employee */
  recipient_kind: string;
  recipient_id: string;
  customer_id: string | null;
  /** email | sms | in_app */
  channel: string;
  address: string | null;
  dedupe_key: string;
  payload: string;
  /** queued | sending | sent | delivered | failed */
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string | null;
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  claimed_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  provider_id: ColumnType<string | null, string | null | undefined, string | null>;
  read_at: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** 0042: one row per delivery try of an outbox row. */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  outbox_id: number;
  attempt: number;
  at: string;
  /** sent | delivered | retrying | failed | deferred */
  outcome: string;
  detail: string | null;
}

/** 0042: a recipient's choice for one channel of one category (no row: the catalogue's default). */
export interface NotificationPreferencesTable {
  recipient_kind: string;
  recipient_id: string;
  category: string;
  channel: string;
  enabled: number;
  updated_at: string;
}

/** 0042: a recipient's SMS quiet hours ('HH:MM' in NOTIFY_TIME_ZONE). */
export interface NotificationQuietHoursTable {
  recipient_kind: string;
  recipient_id: string;
  starts: string;
  ends: string;
  updated_at: string;
}

export interface Database {
  customers: CustomersTable;
  contractor_companies: ContractorCompaniesTable;
  noc_locations: NocLocationsTable;
  mailing_locations: MailingLocationsTable;
  central_offices: CentralOfficesTable;
  service_locations: ServiceLocationsTable;
  users: UsersTable;
  permission_categories: PermissionCategoriesTable;
  user_permissions: UserPermissionsTable;
  user_settings: UserSettingsTable;
  session_logs: SessionLogsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  sessions: SessionsTable;
  registration_codes: RegistrationCodesTable;
  email_changes: EmailChangesTable;
  mail_requests: MailRequestsTable;
  super_user_links: SuperUserLinksTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  contact_methods: ContactMethodsTable;
  contact_method_locations: ContactMethodLocationsTable;
  packages: PackagesTable;
  service_location_packages: ServiceLocationPackagesTable;
  equipment_definitions: EquipmentDefinitionsTable;
  assets: AssetsTable;
  asset_ports: AssetPortsTable;
  asset_changes: AssetChangesTable;
  application_actions: ApplicationActionsTable;
  hardware_type_actions: HardwareTypeActionsTable;
  sales_orders: SalesOrdersTable;
  sales_order_lines: SalesOrderLinesTable;
  sales_order_events: SalesOrderEventsTable;
  work_order_types: WorkOrderTypesTable;
  work_orders: WorkOrdersTable;
  work_order_assignments: WorkOrderAssignmentsTable;
  work_order_notes: WorkOrderNotesTable;
  attachments: AttachmentsTable;
  circuits: CircuitsTable;
  physical_plant_configs: PhysicalPlantConfigsTable;
  asset_action_requests: AssetActionRequestsTable;
  drop_types: DropTypesTable;
  splice_case_types: SpliceCaseTypesTable;
  assembly_units: AssemblyUnitsTable;
  checklists: ChecklistsTable;
  checklist_history: ChecklistHistoryTable;
  work_order_assembly_units: WorkOrderAssemblyUnitsTable;
  calendar_events: CalendarEventsTable;
  work_order_slots: WorkOrderSlotsTable;
  restoration_tickets: RestorationTicketsTable;
  restoration_ticket_notes: RestorationTicketNotesTable;
  map_features: MapFeaturesTable;
  payment_methods: PaymentMethodsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  trouble_tickets: TroubleTicketsTable;
  trouble_ticket_categories: TroubleTicketCategoriesTable;
  trouble_ticket_updates: TroubleTicketUpdatesTable;
  business_center_requests: BusinessCenterRequestsTable;
  call_records: CallRecordsTable;
  call_hour_totals: CallHourTotalsTable;
  call_line_totals: CallLineTotalsTable;
  call_line_month_totals: CallLineMonthTotalsTable;
  call_day_peaks: CallDayPeaksTable;
  contractor_last_searches: ContractorLastSearchesTable;
  fiber_contracts: FiberContractsTable;
  contract_unit_prices: ContractUnitPricesTable;
  sandbox_gateway_tokens: SandboxGatewayTokensTable;
  sandbox_gateway_charges: SandboxGatewayChargesTable;
  sandbox_gateway_refunds: SandboxGatewayRefundsTable;
  applicants: ApplicantsTable;
  applicant_submissions: ApplicantSubmissionsTable;
  email_accounts: EmailAccountsTable;
  fax_numbers: FaxNumbersTable;
  fax_email_addresses: FaxEmailAddressesTable;
  faxes_received: FaxesReceivedTable;
  addresses: AddressesTable;
  temp_service_locations: TempServiceLocationsTable;
  service_area_bounds: ServiceAreaBoundsTable;
  availability_checks: AvailabilityChecksTable;
  availability_leads: AvailabilityLeadsTable;
  carts: CartsTable;
  checkout_declines: CheckoutDeclinesTable;
  checkout_email_codes: CheckoutEmailCodesTable;
  auth_codes: AuthCodesTable;
  business_center_categories: BusinessCenterCategoriesTable;
  notices: NoticesTable;
  notice_recipients: NoticeRecipientsTable;
  wholesale_services: WholesaleServicesTable;
  wholesale_usage: WholesaleUsageTable;
  sent_faxes: SentFaxesTable;
  fax_page_charges: FaxPageChargesTable;
  sent_fax_files: SentFaxFilesTable;
  sent_fax_attempts: SentFaxAttemptsTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  job_runs: JobRunsTable;
  unplaced_charges: UnplacedChargesTable;
  notification_outbox: NotificationOutboxTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_preferences: NotificationPreferencesTable;
  notification_quiet_hours: NotificationQuietHoursTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
export type { ColumnType };

/** The database or a transaction on it: what a repository function (and anything that only queries) takes. */
export type Queryable = Kysely<Database> | Transaction<Database>;
