/**
 * Ordering's read for other modules: the staff conversion report's numbers. The module's services are one file per
 * seam (README.md beside this file): availability, leads, cart, email-codes, checkout (with checkout-transaction,
 * checkout-guards and unplaced-charges) and staff-review.
 */
import { addDays } from '@strand/domain';
import type { AppContext } from '../../context.js';
import * as repo from './availability.repository.js';

/**
 * The staff conversion report's numbers (issue 13 part 6): availability checks of the days from..to (inclusive) per
 * day, area kind and area, and how many led to a lead, a cart and an order. Ordering owns these tables; the reports
 * module reads them only through here.
 */
export function checkConversion(ctx: AppContext, from: string, to: string) {
  return repo.checkConversionPerDay(ctx.db, `${from}T00:00:00.000Z`, `${addDays(to, 1)}T00:00:00.000Z`);
}
