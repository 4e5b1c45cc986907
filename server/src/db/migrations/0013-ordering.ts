/**
 * Ordering (issue 12): the provider's address data (verified, standardized, geocoded addresses), temporary service
 * locations for addresses it does not know yet (staff confirm them), the bounding boxes of the service-area
 * polygons (the index the area check filters on before the exact point-in-polygon test), every availability check
 * (the conversion reports count them), "notify me" leads, shopping carts (package ids only: prices are always
 * recomputed) and the one-time codes that verify a new customer's email at checkout.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn, index } = kit;

  await id(db.schema.createTable('addresses'))
    .addColumn('number', 'text', nn)
    // Standardized: upper case, USPS suffix and direction abbreviations (domain normalizeStreet).
    .addColumn('street', 'text', nn)
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', nn)
    .addColumn('state', 'text', nn)
    .addColumn('zip', 'text', nn)
    .addColumn('zip_four', 'text')
    .addColumn('county', 'text')
    .addColumn('latitude', 'double precision', nn)
    .addColumn('longitude', 'double precision', nn)
    // domain addressKey: number|street|unit|zip.
    .addColumn('address_key', 'text', (c) => c.notNull().unique())
    .addColumn('service_location_id', 'integer', (c) => c.references('service_locations.id'))
    .execute();
  await index('addresses_zip_street_idx', 'addresses', ['zip', 'street', 'number']);
  await index('addresses_city_street_idx', 'addresses', ['city', 'street']);
  await index('addresses_location_idx', 'addresses', ['service_location_id']);

  await id(db.schema.createTable('temp_service_locations'))
    .addColumn('address_key', 'text', (c) => c.notNull().unique())
    .addColumn('number', 'text', nn)
    .addColumn('street', 'text', nn)
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', nn)
    .addColumn('state', 'text', nn)
    .addColumn('zip', 'text', nn)
    .addColumn('county', 'text')
    // Approximate: the street's or the ZIP's known addresses (precision says which).
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('precision', 'text')
    // unconfirmed | confirmed | rejected
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unconfirmed'))
    .addColumn('created_at', 'text', nn)
    .addColumn('confirmed_at', 'text')
    .addColumn('confirmed_by_employee_id', 'integer')
    .addColumn('address_id', 'integer', (c) => c.references('addresses.id'))
    .execute();
  await index('temp_service_locations_status_idx', 'temp_service_locations', ['status', 'created_at']);

  await db.schema
    .createTable('service_area_bounds')
    .addColumn('map_feature_id', 'integer', (c) => c.primaryKey().references('map_features.id'))
    .addColumn('layer_id', 'integer', nn)
    // domain AreaKind of the layer
    .addColumn('area_kind', 'text', nn)
    .addColumn('min_lat', 'double precision', nn)
    .addColumn('max_lat', 'double precision', nn)
    .addColumn('min_lng', 'double precision', nn)
    .addColumn('max_lng', 'double precision', nn)
    .execute();
  await index('service_area_bounds_box_idx', 'service_area_bounds', ['min_lat', 'max_lat', 'min_lng', 'max_lng']);

  await id(db.schema.createTable('availability_checks'))
    .addColumn('at', 'text', nn)
    .addColumn('address_id', 'integer', (c) => c.references('addresses.id'))
    .addColumn('temp_location_id', 'integer', (c) => c.references('temp_service_locations.id'))
    // The address as typed (for an unknown one), so staff see what people look for.
    .addColumn('query', 'text', nn)
    // verified | temporary | suggestions | unknown | outside_county
    .addColumn('status', 'text', nn)
    .addColumn('area_kind', 'text', nn)
    .addColumn('order_id', 'integer', (c) => c.references('sales_orders.id'))
    .execute();
  await index('availability_checks_at_idx', 'availability_checks', ['at']);
  await index('availability_checks_order_idx', 'availability_checks', ['order_id']);
  await index('availability_checks_address_idx', 'availability_checks', ['address_id']);

  await id(db.schema.createTable('availability_leads'))
    .addColumn('created_at', 'text', nn)
    .addColumn('check_id', 'integer', (c) => c.notNull().references('availability_checks.id'))
    .addColumn('email', 'text', nn)
    .addColumn('name', 'text', nn)
    // notify (outside or coming soon) | signup (taking sign-ups)
    .addColumn('kind', 'text', nn)
    .addColumn('area_kind', 'text', nn)
    // The same address (addresses.address_key or the typed key) and email once.
    .addColumn('address_key', 'text', nn)
    .addColumn('notified_at', 'text')
    .execute();
  await index('availability_leads_email_idx', 'availability_leads', ['email', 'address_key'], true);
  await index('availability_leads_created_idx', 'availability_leads', ['created_at']);

  await db.schema
    .createTable('carts')
    // SHA-256 of the browser's random cart token (base64url): the table never holds the token itself.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('check_id', 'integer', (c) => c.notNull().references('availability_checks.id'))
    .addColumn('address_id', 'integer', (c) => c.references('addresses.id'))
    .addColumn('temp_location_id', 'integer', (c) => c.references('temp_service_locations.id'))
    // Comma-separated package ids, in the order added; never prices.
    .addColumn('package_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', nn)
    .addColumn('updated_at', 'text', nn)
    .addColumn('order_id', 'integer', (c) => c.references('sales_orders.id'))
    .execute();
  await index('carts_updated_idx', 'carts', ['updated_at']);

  await id(db.schema.createTable('checkout_email_codes'))
    .addColumn('email', 'text', nn)
    // SHA-256 of email|code
    .addColumn('code_hash', 'text', nn)
    .addColumn('created_at', 'text', nn)
    .addColumn('expires_at', 'text', nn)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await index('checkout_email_codes_email_idx', 'checkout_email_codes', ['email', 'created_at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  for (const t of [
    'checkout_email_codes',
    'carts',
    'availability_leads',
    'availability_checks',
    'service_area_bounds',
    'temp_service_locations',
    'addresses',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
