/**
 * The initial schema: every entity SPEC §3 names, for SQLite and PostgreSQL alike.
 * Conventions: snake_case names; timestamps are UTC ISO-8601 text, dates YYYY-MM-DD text; flags are integers 0/1;
 * money is integer cents. Ids that the demo data fixes (work orders, customers) are inserted explicitly.
 * Long file: a migration is history, never edited or split once released.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, table, index, nn } = kit;

  // ---- accounts and people -------------------------------------------------------------------------------------
  await table('customers', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', nn)
      .addColumn('customer_type', 'text', nn)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
      .addColumn('created_at', 'text', nn),
  );
  await index('customers_name_idx', 'customers', ['name']);

  await table('contractor_companies', (t) =>
    t.addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', nn),
  );

  await table('noc_locations', (t) =>
    t.addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', nn),
  );

  await table('mailing_locations', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('address', 'text', nn)
      .addColumn('address2', 'text')
      .addColumn('city', 'text', nn)
      .addColumn('state', 'text', nn)
      .addColumn('zip', 'text', nn)
      .addColumn('zip_four', 'text')
      .addColumn('autopay_payment_method_id', 'integer'),
  );
  await index('mailing_locations_customer_idx', 'mailing_locations', ['customer_id']);

  await table('central_offices', (t) =>
    id(t)
      .addColumn('name', 'text', nn)
      .addColumn('kind', 'text', nn)
      .addColumn('address', 'text', nn)
      .addColumn('city', 'text', nn)
      .addColumn('state', 'text', nn)
      .addColumn('zip', 'text', nn)
      .addColumn('latitude', 'double precision', nn)
      .addColumn('longitude', 'double precision', nn),
  );

  await table('service_locations', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('address', 'text', nn)
      .addColumn('address2', 'text')
      .addColumn('city', 'text', nn)
      .addColumn('state', 'text', nn)
      .addColumn('zip', 'text', nn)
      .addColumn('zip_four', 'text')
      .addColumn('latitude', 'double precision', nn)
      .addColumn('longitude', 'double precision', nn)
      .addColumn('colo_area', 'text')
      .addColumn('central_office_id', 'integer', (c) => c.references('central_offices.id')),
  );
  await index('service_locations_customer_idx', 'service_locations', ['customer_id']);
  await index('service_locations_lat_lon_idx', 'service_locations', ['latitude', 'longitude']);

  await table('users', (t) =>
    id(t)
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', nn)
      .addColumn('password_hash', 'text', nn)
      .addColumn('first_name', 'text', nn)
      .addColumn('last_name', 'text', nn)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('employee_id', 'integer', (c) => c.unique())
      .addColumn('installer', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('contractor_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('noc_location_id', 'integer', (c) => c.references('noc_locations.id'))
      .addColumn('active_service_location_id', 'integer', (c) => c.references('service_locations.id'))
      .addColumn('active_mailing_location_id', 'integer', (c) => c.references('mailing_locations.id'))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', nn)
      .addColumn('updated_at', 'text', nn),
  );
  await index('users_customer_idx', 'users', ['customer_id']);
  await index('users_email_idx', 'users', ['email']);

  await table('permission_categories', (t) =>
    t
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', nn)
      .addColumn('description', 'text', nn),
  );
  await table('user_permissions', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('category', 'text', (c) => c.notNull().references('permission_categories.code'))
      .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'category']),
  );

  await table('user_settings', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('enable_style', 'integer', nn)
      .addColumn('gradient_direction', 'integer', nn)
      .addColumn('selected_color1', 'text', nn)
      .addColumn('selected_color2', 'text', nn)
      .addColumn('updated_at', 'text', nn),
  );

  await table('session_logs', (t) =>
    id(t)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('logged_at', 'text', nn)
      .addColumn('ip', 'text', nn)
      .addColumn('user_agent', 'text')
      .addColumn('client_version', 'text')
      .addColumn('super_user_employee_id', 'integer'),
  );
  await index('session_logs_user_idx', 'session_logs', ['user_id', 'logged_at']);

  await table('login_failures', (t) =>
    id(t).addColumn('username_key', 'text', nn).addColumn('ip', 'text', nn).addColumn('failed_at', 'text', nn),
  );
  await index('login_failures_user_idx', 'login_failures', ['username_key', 'failed_at']);
  await index('login_failures_ip_idx', 'login_failures', ['ip', 'failed_at']);

  await table('password_resets', (t) =>
    id(t)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', nn)
      .addColumn('expires_at', 'text', nn)
      .addColumn('used_at', 'text'),
  );
  await index('password_resets_user_idx', 'password_resets', ['user_id']);

  await table('super_user_links', (t) =>
    t
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('employee_id', 'integer', nn)
      .addColumn('issued_at', 'text', nn)
      .addColumn('used_at', 'text'),
  );

  await table('audit_log', (t) =>
    id(t)
      .addColumn('at', 'text', nn)
      .addColumn('user_id', 'integer')
      .addColumn('employee_id', 'integer')
      .addColumn('action', 'text', nn)
      .addColumn('subject', 'text')
      .addColumn('detail', 'text'),
  );

  await table('idempotency_keys', (t) =>
    t
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', nn)
      .addColumn('route', 'text', nn)
      .addColumn('status_code', 'integer', nn)
      .addColumn('response', 'text', nn)
      .addColumn('created_at', 'text', nn)
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key']),
  );

  await table('contact_methods', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('category', 'text', nn)
      .addColumn('name', 'text', nn)
      .addColumn('phone', 'text')
      .addColumn('phone2', 'text')
      .addColumn('email', 'text'),
  );
  await index('contact_methods_customer_idx', 'contact_methods', ['customer_id']);
  await table('contact_method_locations', (t) =>
    t
      .addColumn('contact_method_id', 'integer', (c) =>
        c.notNull().references('contact_methods.id').onDelete('cascade'),
      )
      .addColumn('service_location_id', 'integer', (c) => c.notNull().references('service_locations.id'))
      .addColumn('link_type', 'text', nn)
      .addPrimaryKeyConstraint('contact_method_locations_pk', ['contact_method_id', 'service_location_id']),
  );
  await index('contact_method_locations_loc_idx', 'contact_method_locations', ['service_location_id']);

  // ---- products and equipment ----------------------------------------------------------------------------------
  await table('packages', (t) =>
    id(t).addColumn('name', 'text', nn).addColumn('master_id', 'integer', nn).addColumn('price_cents', 'integer', nn),
  );
  await table('service_location_packages', (t) =>
    id(t)
      .addColumn('service_location_id', 'integer', (c) => c.notNull().references('service_locations.id'))
      .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
      .addColumn('order_id', 'integer')
      .addColumn('start_date', 'text', nn)
      .addColumn('last_invoiced', 'text')
      .addColumn('active', 'integer', nn),
  );
  await index('slp_location_idx', 'service_location_packages', ['service_location_id']);

  await table('equipment_definitions', (t) =>
    id(t)
      .addColumn('description', 'text', nn)
      .addColumn('maker', 'text', nn)
      .addColumn('model', 'text', nn)
      .addColumn('hardware_type', 'integer', nn)
      .addColumn('equipment_type', 'text', nn)
      .addColumn('ports', 'integer', nn)
      .addColumn('slots', 'integer', nn),
  );

  await table('assets', (t) =>
    id(t)
      .addColumn('asset_tag', 'text', (c) => c.notNull().unique())
      .addColumn('definition_id', 'integer', (c) => c.notNull().references('equipment_definitions.id'))
      .addColumn('description', 'text', nn)
      .addColumn('information', 'text')
      .addColumn('status', 'text', nn)
      .addColumn('warranty', 'text')
      .addColumn('serial_number', 'text')
      .addColumn('mac_address', 'text')
      .addColumn('service_location_id', 'integer', (c) => c.references('service_locations.id'))
      .addColumn('assigned_user_id', 'integer', (c) => c.references('users.id'))
      .addColumn('noc_location_id', 'integer', (c) => c.references('noc_locations.id'))
      .addColumn('created_at', 'text', nn)
      .addColumn('updated_at', 'text', nn),
  );
  await index('assets_location_idx', 'assets', ['service_location_id']);
  await index('assets_assigned_idx', 'assets', ['assigned_user_id']);
  await index('assets_noc_idx', 'assets', ['noc_location_id', 'status']);

  await table('asset_ports', (t) =>
    id(t)
      .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
      .addColumn('slot', 'integer', nn)
      .addColumn('port', 'integer', nn)
      .addColumn('label', 'text', nn),
  );
  await index('asset_ports_asset_idx', 'asset_ports', ['asset_id', 'slot', 'port'], true);

  await table('application_actions', (t) =>
    t
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('action', 'text', nn)
      .addColumn('description', 'text', nn),
  );
  await table('hardware_type_actions', (t) =>
    t
      .addColumn('hardware_type', 'integer', nn)
      .addColumn('action_id', 'integer', (c) => c.notNull().references('application_actions.id'))
      .addPrimaryKeyConstraint('hardware_type_actions_pk', ['hardware_type', 'action_id']),
  );

  // ---- orders and work orders ----------------------------------------------------------------------------------
  await table('sales_orders', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('service_location_id', 'integer', (c) => c.references('service_locations.id'))
      .addColumn('notes', 'text')
      .addColumn('html', 'text')
      .addColumn('created_at', 'text', nn),
  );
  await index('sales_orders_customer_idx', 'sales_orders', ['customer_id']);

  await table('work_order_types', (t) =>
    id(t)
      .addColumn('description', 'text', (c) => c.notNull().unique())
      .addColumn('class', 'text', nn)
      .addColumn('view_file', 'text', nn)
      .addColumn('template_type', 'text')
      .addColumn('is_business', 'integer', nn),
  );

  await table('work_orders', (t) =>
    id(t)
      .addColumn('type_id', 'integer', (c) => c.notNull().references('work_order_types.id'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('service_location_id', 'integer', (c) => c.references('service_locations.id'))
      .addColumn('order_id', 'integer', (c) => c.references('sales_orders.id'))
      .addColumn('detail_id', 'integer')
      .addColumn('contractor_id', 'integer', (c) => c.references('contractor_companies.id'))
      .addColumn('status', 'text', nn)
      .addColumn('colo_area', 'text')
      .addColumn('summary', 'text')
      .addColumn('next_scheduled_name', 'text')
      .addColumn('next_scheduled_at', 'text')
      .addColumn('due_date', 'text')
      .addColumn('gis_object_id', 'text')
      .addColumn('acknowledged_at', 'text')
      .addColumn('acknowledged_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', nn)
      .addColumn('last_updated', 'text', nn),
  );
  await index('work_orders_type_idx', 'work_orders', ['type_id']);
  await index('work_orders_customer_idx', 'work_orders', ['customer_id']);
  await index('work_orders_location_idx', 'work_orders', ['service_location_id']);
  await index('work_orders_contractor_idx', 'work_orders', ['contractor_id', 'status']);
  await index('work_orders_scheduled_idx', 'work_orders', ['next_scheduled_at']);
  await index('work_orders_due_idx', 'work_orders', ['due_date']);
  await index('work_orders_order_idx', 'work_orders', ['order_id']);

  await table('work_order_assignments', (t) =>
    t
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('assigned_at', 'text', nn)
      .addPrimaryKeyConstraint('work_order_assignments_pk', ['work_order_id', 'user_id']),
  );
  await index('work_order_assignments_user_idx', 'work_order_assignments', ['user_id', 'work_order_id']);

  await table('work_order_notes', (t) =>
    id(t)
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
      .addColumn('author', 'text', nn)
      .addColumn('body', 'text', nn)
      .addColumn('created_at', 'text', nn),
  );
  await index('work_order_notes_wo_idx', 'work_order_notes', ['work_order_id']);

  await table('attachments', (t) =>
    id(t)
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
      .addColumn('file_name', 'text', nn)
      .addColumn('description', 'text')
      .addColumn('storage_key', 'text', nn)
      .addColumn('content_type', 'text', nn)
      .addColumn('size_bytes', 'integer', nn)
      .addColumn('sha256', 'text', nn)
      .addColumn('uploaded_by', 'integer', (c) => c.references('users.id'))
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'text', nn),
  );
  await index('attachments_wo_idx', 'attachments', ['work_order_id']);
  await index('attachments_idem_idx', 'attachments', ['work_order_id', 'idempotency_key'], true);

  await table('circuits', (t) =>
    id(t)
      .addColumn('service_location_id', 'integer', (c) => c.notNull().references('service_locations.id'))
      .addColumn('product', 'text', nn)
      .addColumn('circuit_code', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', nn)
      .addColumn('asset_id', 'integer', (c) => c.references('assets.id'))
      .addColumn('server_ip', 'text', nn)
      .addColumn('slot', 'integer', nn)
      .addColumn('port', 'integer', nn),
  );
  await index('circuits_location_idx', 'circuits', ['service_location_id']);
  await index('circuits_asset_idx', 'circuits', ['asset_id']);

  await table('physical_plant_configs', (t) =>
    id(t)
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('sales_orders.id'))
      .addColumn('splitter_port_label', 'text')
      .addColumn('splitter_asset_description', 'text')
      .addColumn('is_fiber_drop_only', 'text')
      .addColumn('cabinet_location', 'text')
      .addColumn('fiber_size', 'text')
      .addColumn('fiber_size2', 'text')
      .addColumn('existing_logical_circuit_id', 'text')
      .addColumn('existing_fiber_drop', 'text')
      .addColumn('fiber_strand', 'text')
      .addColumn('fiber_strand2', 'text')
      .addColumn('ont_number', 'text')
      .addColumn('fiber_port', 'text')
      .addColumn('hand_hole_address', 'text')
      .addColumn('splitter_asset_id', 'text'),
  );

  await table('asset_action_requests', (t) =>
    id(t)
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id'))
      .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id'))
      .addColumn('action_id', 'integer', (c) => c.notNull().references('application_actions.id'))
      .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'text', nn)
      .addColumn('result', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', nn)
      .addColumn('updated_at', 'text', nn),
  );
  await index('asset_action_requests_status_idx', 'asset_action_requests', ['status', 'created_at']);

  // ---- contractor checklists -----------------------------------------------------------------------------------
  await table('drop_types', (t) => id(t).addColumn('type', 'text', nn).addColumn('is_business', 'integer', nn));
  await table('splice_case_types', (t) => id(t).addColumn('type', 'text', nn));
  await table('assembly_units', (t) =>
    id(t)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', nn)
      .addColumn('req_asset_tag', 'integer', nn)
      .addColumn('req_sequential', 'integer', nn)
      .addColumn('req_additional_drop_fee', 'integer', nn)
      .addColumn('req_reel_num', 'integer', nn),
  );
  await table('checklists', (t) =>
    id(t)
      .addColumn('work_order_id', 'integer', (c) => c.notNull().unique().references('work_orders.id'))
      .addColumn('template', 'text', nn)
      .addColumn('data', 'text', nn)
      .addColumn('arrival_onsite', 'text')
      .addColumn('work_complete', 'text')
      .addColumn('notes', 'text')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('updated_at', 'text', nn),
  );
  await table('checklist_history', (t) =>
    id(t)
      .addColumn('checklist_id', 'integer', (c) => c.notNull().references('checklists.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('at', 'text', nn)
      .addColumn('changes', 'text', nn),
  );
  await index('checklist_history_checklist_idx', 'checklist_history', ['checklist_id', 'at']);
  await table('work_order_assembly_units', (t) =>
    id(t)
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
      .addColumn('assembly_unit_id', 'integer', (c) => c.notNull().references('assembly_units.id'))
      .addColumn('qty_units', 'integer', nn)
      .addColumn('asset_tags', 'text')
      .addColumn('serial_numbers', 'text')
      .addColumn('beg_sequential', 'text')
      .addColumn('end_sequential', 'text')
      .addColumn('reel_num', 'text')
      .addColumn('row_footage', 'integer')
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', nn),
  );
  await index('woau_wo_idx', 'work_order_assembly_units', ['work_order_id']);

  await table('calendar_events', (t) =>
    id(t)
      .addColumn('contractor_id', 'integer', (c) => c.notNull().references('contractor_companies.id'))
      .addColumn('work_order_id', 'integer', (c) => c.references('work_orders.id'))
      .addColumn('title', 'text', nn)
      .addColumn('starts_at', 'text', nn)
      .addColumn('ends_at', 'text', nn),
  );
  await index('calendar_events_contractor_idx', 'calendar_events', ['contractor_id', 'starts_at']);

  await table('restoration_tickets', (t) =>
    id(t)
      .addColumn('contractor_id', 'integer', (c) => c.notNull().references('contractor_companies.id'))
      .addColumn('work_order_id', 'integer', (c) => c.references('work_orders.id'))
      .addColumn('address', 'text', nn)
      .addColumn('description', 'text', nn)
      .addColumn('status', 'text', nn)
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('image_key', 'text')
      .addColumn('created_at', 'text', nn),
  );
  await index('restoration_tickets_contractor_idx', 'restoration_tickets', ['contractor_id', 'status']);
  await table('restoration_ticket_notes', (t) =>
    id(t)
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('restoration_tickets.id').onDelete('cascade'))
      .addColumn('author', 'text', nn)
      .addColumn('body', 'text', nn)
      .addColumn('created_at', 'text', nn),
  );
  await index('restoration_ticket_notes_ticket_idx', 'restoration_ticket_notes', ['ticket_id']);

  // ---- maps ----------------------------------------------------------------------------------------------------
  await table('map_features', (t) =>
    id(t)
      .addColumn('layer_id', 'integer', nn)
      .addColumn('name', 'text', nn)
      .addColumn('geometry', 'text', nn)
      .addColumn('properties', 'text', nn)
      .addColumn('latitude', 'double precision', nn)
      .addColumn('longitude', 'double precision', nn),
  );
  await index('map_features_layer_idx', 'map_features', ['layer_id', 'latitude', 'longitude']);

  // ---- billing and support -------------------------------------------------------------------------------------
  await table('payment_methods', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('kind', 'text', nn)
      .addColumn('gateway_token', 'text', nn)
      .addColumn('brand', 'text', nn)
      .addColumn('last4', 'text', nn)
      .addColumn('exp_month', 'integer')
      .addColumn('exp_year', 'integer')
      .addColumn('holder_name', 'text', nn)
      .addColumn('created_at', 'text', nn)
      .addColumn('deleted_at', 'text'),
  );
  await index('payment_methods_customer_idx', 'payment_methods', ['customer_id']);

  await table('invoices', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('mailing_location_id', 'integer', (c) => c.notNull().references('mailing_locations.id'))
      .addColumn('invoice_group_id', 'integer', nn)
      .addColumn('invoice_date', 'text', nn)
      .addColumn('due_date', 'text', nn)
      .addColumn('amount_cents', 'integer', nn)
      .addColumn('balance_cents', 'integer', nn)
      .addColumn('status', 'text', nn),
  );
  await index('invoices_customer_idx', 'invoices', ['customer_id', 'invoice_date']);
  await table('invoice_lines', (t) =>
    id(t)
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('description', 'text', nn)
      .addColumn('amount_cents', 'integer', nn),
  );
  await index('invoice_lines_invoice_idx', 'invoice_lines', ['invoice_id']);

  await table('payments', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('payment_method_id', 'integer', (c) => c.notNull().references('payment_methods.id'))
      .addColumn('amount_cents', 'integer', nn)
      .addColumn('fee_cents', 'integer', nn)
      .addColumn('status', 'text', nn)
      .addColumn('gateway_reference', 'text')
      .addColumn('paid_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', nn),
  );
  await index('payments_customer_idx', 'payments', ['customer_id', 'created_at']);
  await table('payment_allocations', (t) =>
    t
      .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
      .addColumn('amount_cents', 'integer', nn)
      .addPrimaryKeyConstraint('payment_allocations_pk', ['payment_id', 'invoice_id']),
  );

  await table('trouble_tickets', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('service_location_id', 'integer', (c) => c.notNull().references('service_locations.id'))
      .addColumn('subject', 'text', nn)
      .addColumn('description', 'text', nn)
      .addColumn('status', 'text', nn)
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', nn),
  );
  await index('trouble_tickets_location_idx', 'trouble_tickets', ['service_location_id', 'created_at']);
  await index('trouble_tickets_customer_idx', 'trouble_tickets', ['customer_id']);

  await table('business_center_requests', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('category', 'text', nn)
      .addColumn('subject', 'text', nn)
      .addColumn('description', 'text', nn)
      .addColumn('status', 'text', nn)
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', nn),
  );
  await index('bcr_customer_idx', 'business_center_requests', ['customer_id', 'created_at']);

  await table('call_records', (t) =>
    id(t)
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('started_at', 'text', nn)
      .addColumn('direction', 'text', nn)
      .addColumn('from_number', 'text', nn)
      .addColumn('to_number', 'text', nn)
      .addColumn('duration_seconds', 'integer', nn),
  );
  await index('call_records_customer_idx', 'call_records', ['customer_id', 'started_at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  const tables = [
    'call_records',
    'business_center_requests',
    'trouble_tickets',
    'payment_allocations',
    'payments',
    'invoice_lines',
    'invoices',
    'payment_methods',
    'map_features',
    'restoration_ticket_notes',
    'restoration_tickets',
    'calendar_events',
    'work_order_assembly_units',
    'checklist_history',
    'checklists',
    'assembly_units',
    'splice_case_types',
    'drop_types',
    'asset_action_requests',
    'physical_plant_configs',
    'circuits',
    'attachments',
    'work_order_notes',
    'work_order_assignments',
    'work_orders',
    'work_order_types',
    'sales_orders',
    'hardware_type_actions',
    'application_actions',
    'asset_ports',
    'assets',
    'equipment_definitions',
    'service_location_packages',
    'packages',
    'contact_method_locations',
    'contact_methods',
    'idempotency_keys',
    'audit_log',
    'super_user_links',
    'password_resets',
    'login_failures',
    'session_logs',
    'user_settings',
    'user_permissions',
    'permission_categories',
    'users',
    'service_locations',
    'central_offices',
    'mailing_locations',
    'noc_locations',
    'contractor_companies',
    'customers',
  ];
  for (const name of tables) await db.schema.dropTable(name).ifExists().execute();
}
