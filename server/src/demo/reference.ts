/** Step 1: reference data that everything else points at. */
import { PERMISSION_CATEGORIES, WORK_ORDER_TYPES } from '@strand/domain';
import {
  APPLICATION_ACTIONS,
  ASSEMBLY_UNITS,
  CONTRACTOR_COMPANIES,
  DROP_TYPES,
  EQUIPMENT_DEFINITIONS,
  HARDWARE_TYPE_ACTIONS,
  NOC_LOCATIONS,
  PACKAGES,
  SPLICE_CASE_TYPES,
} from './catalog.js';
import { CENTRAL_OFFICE_STATE, CENTRAL_OFFICES } from './central-offices.js';
import type { SeedContext } from './context.js';

export async function seedReferenceData(ctx: SeedContext): Promise<void> {
  await ctx.insert('noc_locations', NOC_LOCATIONS);
  await ctx.insert('contractor_companies', CONTRACTOR_COMPANIES);
  await ctx.insert(
    'central_offices',
    CENTRAL_OFFICES.map((co, i) => ({
      id: ctx.ids.claim('central_offices', i + 1),
      name: co.name,
      kind: co.kind,
      address: co.address,
      city: co.city,
      state: CENTRAL_OFFICE_STATE,
      zip: co.zip,
      latitude: co.latitude,
      longitude: co.longitude,
    })),
  );
  await ctx.insert('packages', PACKAGES);
  await ctx.insert('equipment_definitions', EQUIPMENT_DEFINITIONS);
  await ctx.insert('application_actions', APPLICATION_ACTIONS);
  await ctx.insert('hardware_type_actions', HARDWARE_TYPE_ACTIONS);
  await ctx.insert(
    'work_order_types',
    WORK_ORDER_TYPES.map((t) => ({
      id: t.id,
      description: t.description,
      class: t.vcClass,
      view_file: t.viewFile,
      template_type: t.templateType,
      is_business: t.isBusiness ? 1 : 0,
    })),
  );
  await ctx.insert(
    'permission_categories',
    PERMISSION_CATEGORIES.map((c) => ({ code: c.code, name: c.name, description: c.description })),
  );
  await ctx.insert(
    'drop_types',
    DROP_TYPES.map((d, i) => ({ id: i + 1, ...d })),
  );
  await ctx.insert(
    'splice_case_types',
    SPLICE_CASE_TYPES.map((type, i) => ({ id: i + 1, type })),
  );
  await ctx.insert(
    'assembly_units',
    ASSEMBLY_UNITS.map((u, i) => ({ id: i + 1, ...u })),
  );
}
