/**
 * The checkout's one transaction, opened only by a succeeded charge: the new account, its locations and first user,
 * the card on file, the Completed payment, the order (orders.placeOrder) and the stored answer; then the confirmation
 * mail. Anything refused inside rolls all of it back (checkout.service.ts queues the charge for its refund).
 */
import {
  type CheckoutInput,
  type CheckoutResult,
  distanceMiles,
  formatCents,
  type InstallWindow,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { type OrderPaymentSource, recordOrderPayment } from '../billing/order-payments.service.js';
import { placeOrder, recordOrderEvent, setOrderPaid } from '../orders/orders.service.js';
import * as availabilityRepo from './availability.repository.js';
import * as cartRepo from './cart.repository.js';
import { type CartPlace, dropExistsAt } from './cart.service.js';
import * as checkoutRepo from './checkout.repository.js';
import { type Buyer, CHECKOUT_ROUTE, type CheckoutAnswer, newHolderOf } from './checkout-buyer.js';
import { type NewOrder, reassertMayOpenOrder, recordOrderCard } from './checkout-guards.service.js';
import * as codesRepo from './email-codes.repository.js';
import type { CatalogRow } from './ordering.policy.js';
import { claimChargeForOrder } from './unplaced-charges.service.js';

export interface CheckoutWork {
  buyer: Buyer;
  input: CheckoutInput;
  key: string;
  requestHash: string;
  newOrder: NewOrder;
  idemUser: number;
  p: CartPlace;
  lines: CatalogRow[];
  customerId: string;
  emailCodeId: number | null;
  source: OrderPaymentSource;
  reference: string;
  totalCents: number;
  monthlyCents: number;
  oneTimeCents: number;
}

async function nearestOffice(ctx: AppContext, at: { latitude: number; longitude: number }) {
  const offices = await checkoutRepo.centralOffices(ctx.db);
  let best: number | null = null;
  let bestMiles = Number.POSITIVE_INFINITY;
  for (const o of offices) {
    const miles = distanceMiles(at, o);
    if (miles < bestMiles) {
      bestMiles = miles;
      best = o.id;
    }
  }
  return best;
}

export const CHARGE_REFUNDED = 'charge_refunded';
export const chargeRefunded = () =>
  new HttpError(
    409,
    CHARGE_REFUNDED,
    'This order could not be placed the first time and its payment was refunded. Place the order again.',
  );

export async function runCheckoutTransaction(ctx: AppContext, w: CheckoutWork): Promise<CheckoutAnswer> {
  const { buyer, input, p } = w;
  const office =
    p.latitude !== null && p.longitude !== null
      ? await nearestOffice(ctx, { latitude: p.latitude, longitude: p.longitude })
      : null;
  const passwordHash = buyer.kind === 'new' ? await hashPassword(buyer.account.password) : null;
  const dropExists = await dropExistsAt(ctx, p);
  const std = p.standard;
  const serviceLine = `${std.number} ${std.street}`;
  const unit = std.unit === '' ? null : std.unit;
  /** The service address's columns, for its service location and (without another) its mailing location. */
  const serviceAddress = {
    address: serviceLine,
    address2: unit,
    city: std.city,
    state: std.state,
    zip: std.zip,
    zip_four: std.zipFour,
  };
  const now = ctx.now().toISOString();

  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimChargeForOrder(trx, w.reference, now))) throw chargeRefunded();
    await reassertMayOpenOrder(ctx, trx, w.newOrder);
    let userId: number | null = buyer.kind === 'new' ? null : w.idemUser;
    const employeeId =
      buyer.kind === 'staff' ? buyer.employeeId : buyer.kind === 'customer' ? buyer.actor.employeeId : null;
    const holder = newHolderOf(buyer);
    if (holder) {
      const a = holder;
      if (w.emailCodeId !== null && !(await codesRepo.useEmailCode(trx, w.emailCodeId, now))) {
        const message = 'This code was used already. Ask for a new one.';
        throw badRequest(message, { 'account.emailCode': message });
      }
      await checkoutRepo.insertCustomer(trx, {
        id: w.customerId,
        name: a.customerType === 'Business' ? a.businessName : `${a.firstName} ${a.lastName}`,
        customer_type: a.customerType,
        status: 'Active',
        created_at: now,
      });
    }
    const serviceLocationId =
      (!holder
        ? (
            await checkoutRepo.locationOfAccountAt(trx, w.customerId, {
              address: serviceLine,
              address2: unit,
              zip: std.zip,
            })
          )?.id
        : undefined) ??
      (await checkoutRepo.insertServiceLocation(trx, {
        customer_id: w.customerId,
        ...serviceAddress,
        latitude: p.latitude ?? 0,
        longitude: p.longitude ?? 0,
        colo_area: office === null ? null : await checkoutRepo.coloAreaOfOffice(trx, office),
        central_office_id: office,
      }));
    if (p.address) await checkoutRepo.linkAddressToLocation(trx, p.address.id, serviceLocationId);
    let mailingLocationId: number;
    if (input.mailing) {
      mailingLocationId = await checkoutRepo.insertMailingLocation(trx, {
        customer_id: w.customerId,
        address: input.mailing.line1,
        address2: input.mailing.unit === '' ? null : input.mailing.unit,
        city: input.mailing.city,
        state: input.mailing.state,
        zip: input.mailing.zip,
        zip_four: null,
        autopay_payment_method_id: null,
      });
    } else {
      mailingLocationId =
        (!holder ? (await checkoutRepo.firstMailingLocation(trx, w.customerId))?.id : undefined) ??
        (await checkoutRepo.insertMailingLocation(trx, {
          customer_id: w.customerId,
          ...serviceAddress,
          autopay_payment_method_id: null,
        }));
    }
    if (holder) {
      const a = holder;
      if (buyer.kind === 'new') {
        userId = await checkoutRepo.insertUser(trx, {
          username: buyer.account.username.toLowerCase(),
          email: a.email,
          password_hash: passwordHash ?? '',
          first_name: a.firstName,
          last_name: a.lastName,
          customer_id: w.customerId,
          is_admin: 1,
          is_staff: 0,
          employee_id: null,
          installer: 0,
          contractor_id: 0,
          noc_location_id: null,
          active_service_location_id: serviceLocationId,
          active_mailing_location_id: mailingLocationId,
          disabled: 0,
          created_at: now,
          updated_at: now,
        });
      }
      const contactId = await checkoutRepo.insertContact(trx, {
        customer_id: w.customerId,
        category: 'Primary',
        name: `${a.firstName} ${a.lastName}`,
        phone: a.phone,
        phone2: null,
        email: a.email,
      });
      await checkoutRepo.linkContact(trx, contactId, serviceLocationId);
    }

    const placed = await placeOrder(ctx, trx, {
      customerId: w.customerId,
      serviceLocationId,
      mailingLocationId,
      kind: 'new',
      lines: w.lines.map((l) => ({ packageId: l.id, action: 'add' as const })),
      installDate: input.installDate,
      installWindow: input.installWindow as InstallWindow,
      dropExists,
      needsVisit: true,
      placedBy: { userId, employeeId: buyer.kind === 'staff' ? buyer.employeeId : null },
      notes: p.temp ? `Temporary service location ${p.temp.id}: confirm the address before the install.` : null,
    });
    if (placed.monthlyCents + placed.oneTimeCents !== w.totalCents) {
      // The catalogue changed between the check and the write: undo everything (the charge is reported).
      throw new HttpError(409, 'prices_changed', 'Prices changed while the order was placed. Place it again.', {
        expectedTotalCents: 'Prices changed.',
      });
    }
    const payment = await recordOrderPayment(trx, {
      customerId: w.customerId,
      source: w.source,
      amountCents: w.totalCents,
      reference: w.reference,
      key: w.key,
      paidBy: userId,
      employeeId,
      orderId: placed.orderId,
      now,
    });
    await setOrderPaid(trx, placed.orderId, w.totalCents, w.reference, now);
    await recordOrderCard(trx, placed.orderId, w.source.fingerprint);
    await recordOrderEvent(
      trx,
      placed.orderId,
      'paid',
      `Paid ${formatCents(w.totalCents)} (first month and install) with ${w.source.brand} ending ${w.source.last4}.`,
      { userId, employeeId },
    );
    await availabilityRepo.setCheckOrder(trx, p.cart.check_id, placed.orderId);
    if (!(await cartRepo.markCartOrdered(trx, p.cart.id, placed.orderId, now))) {
      throw new HttpError(409, 'cart_ordered', 'This cart was ordered already.', { cartId: 'Ordered already.' });
    }
    await audit(trx, {
      at: now,
      userId,
      employeeId,
      action: buyer.kind === 'staff' ? 'staff.order.placed' : 'customer.order.placed',
      subject: `${w.customerId}:${placed.orderId}`,
      detail: {
        packages: w.lines.map((l) => l.id),
        totalCents: w.totalCents,
        paymentId: payment.paymentId,
        newAccount: newHolderOf(buyer) !== null,
        temporaryLocation: p.temp?.id ?? null,
      },
    });
    const body: CheckoutResult = {
      orderId: placed.orderId,
      vcCustomerID: w.customerId,
      username: buyer.kind === 'new' ? buyer.account.username : null,
      email: newHolderOf(buyer)?.email ?? null,
      address: std.line,
      temporary: p.temp !== null,
      installDate: input.installDate,
      installWindow: input.installWindow as InstallWindow,
      lines: w.lines.map((l) => ({
        packageId: l.id,
        name: l.name,
        monthlyCents: l.price_cents,
        installFeeCents: l.install_fee_cents,
      })),
      monthlyCents: w.monthlyCents,
      oneTimeCents: w.oneTimeCents,
      paidCents: w.totalCents,
      paymentReference: w.reference,
      nextSteps: nextStepsOf(dropExists, input.installDate, input.installWindow, p.temp !== null),
    };
    if (userId !== null) {
      await checkoutRepo.storeAnswer(trx, {
        userId,
        key: w.key,
        route: CHECKOUT_ROUTE,
        requestHash: w.requestHash,
        statusCode: 201,
        body,
        now,
      });
    }
    return { statusCode: 201, body, replayed: false };
  });
  return result;
}

function nextStepsOf(dropExists: boolean, date: string, window: string, temporary: boolean): string[] {
  const steps: string[] = [];
  if (temporary) steps.push('We confirm your address (it is new to our records) and call you if anything is unclear.');
  if (!dropExists) {
    steps.push('A crew surveys your property and marks the route of the fiber drop.');
    steps.push('The crew buries or hangs the drop and splices it into our network.');
  }
  steps.push(`An installer comes on ${date} between ${window.replace('-', ' and ')} to connect and test your service.`);
  steps.push('Your monthly bill starts on the day the service is installed.');
  return steps;
}

/** The confirmation mail; a mail failure is logged, the order stands. */
export async function sendConfirmation(ctx: AppContext, buyer: Buyer, r: CheckoutResult) {
  const send = async () => {
    const to = newHolderOf(buyer)?.email ?? (await checkoutRepo.accountEmail(ctx.db, r.vcCustomerID));
    if (!to) return;
    await ctx.mailer.send({
      to,
      subject: `${ctx.config.shell.providerName}: order ${r.orderId} is placed`,
      text: [
        'Thank you for your order.',
        '',
        `Order number: ${r.orderId}`,
        `Account number: ${r.vcCustomerID}`,
        `Service address: ${r.address}`,
        '',
        ...r.lines.map(
          (l) =>
            `  ${l.name}: ${formatCents(l.monthlyCents)} a month${l.installFeeCents ? `, install ${formatCents(l.installFeeCents)}` : ''}`,
        ),
        '',
        `Paid today: ${formatCents(r.paidCents)} (reference ${r.paymentReference})`,
        `Install: ${r.installDate}, ${r.installWindow}`,
        '',
        'What happens next:',
        ...r.nextSteps.map((s) => `  - ${s}`),
        '',
        r.username ? `Sign in as ${r.username} to follow your order: ${ctx.config.publicUrl}/login` : '',
      ].join('\n'),
    });
  };
  await send().catch((err) => ctx.log.error({ err, orderId: r.orderId }, 'order confirmation mail failed'));
}
