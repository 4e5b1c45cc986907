/**
 * The contractor companies' fiber contracts and unit price sheets (getFiberContracts, getCUPSheet): for each company
 * a current contract and last year's, which priced the same assembly units a little lower.
 */
import { ASSEMBLY_UNITS, CONTRACTOR_COMPANIES } from './catalog.js';
import type { SeedContext } from './context.js';

/** Unit prices in cents of the current contract, by assembly unit code (per unit, or per foot where it says so). */
const CURRENT_PRICES: Record<string, number> = {
  'ONT-INST': 85_00,
  'DROP-AER': 1_15,
  'DROP-UG': 2_35,
  'MST-8': 140_00,
  'HH-1730': 310_00,
  'BORE-125': 9_40,
  'SPL-132': 65_00,
  'CBL-144': 3_10,
  RESTORE: 45_00,
  'DROP-FEE': 60,
};

/** Company 1 is the provider's own crew: its internal rates are lower; the other companies bid a little apart. */
const COMPANY_FACTOR: Record<number, number> = { 1: 0.8, 2: 1, 3: 1.06, 4: 0.97 };

export async function seedContractorContracts(ctx: SeedContext): Promise<void> {
  const c = ctx.clock;
  const contracts = CONTRACTOR_COMPANIES.flatMap((company) => [
    {
      id: ctx.ids.next('fiber_contracts'),
      contractor_id: company.id,
      contract_number: `FC-${c.date(-400).slice(0, 4)}-${String(company.id).padStart(3, '0')}`,
      name: `${company.name} fiber services (previous term)`,
      starts_on: c.date(-565),
      ends_on: c.date(-201),
      factor: (COMPANY_FACTOR[company.id] ?? 1) * 0.92,
    },
    {
      id: ctx.ids.next('fiber_contracts'),
      contractor_id: company.id,
      contract_number: `FC-${c.date(-200).slice(0, 4)}-${String(company.id).padStart(3, '0')}-R`,
      name: `${company.name} fiber services`,
      starts_on: c.date(-200),
      ends_on: c.date(165),
      factor: COMPANY_FACTOR[company.id] ?? 1,
    },
  ]);
  await ctx.insert(
    'fiber_contracts',
    contracts.map(({ factor: _factor, ...row }) => row),
  );
  await ctx.insert(
    'contract_unit_prices',
    contracts.flatMap((contract) =>
      ASSEMBLY_UNITS.map((unit, i) => ({
        contract_id: contract.id,
        assembly_unit_id: i + 1,
        unit_price_cents: Math.round((CURRENT_PRICES[unit.code] ?? 0) * contract.factor),
      })),
    ),
  );
}
