/** "Notify me" and sign-up leads of an address where fiber cannot be ordered yet, with their confirmation mail. */
import type { AreaKind, LeadRequestSchema } from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './availability.repository.js';
import { checkLocation, standardAddress } from './availability.service.js';
import { mayOrderIn } from './ordering.policy.js';
import { countCreation } from './visitor-caps.js';

/**
 * Notify me / sign up: one lead per email and address (counted against the client's hourly cap); a confirmation mail
 * the first time. The email address is unverified, so the mail carries only our own text and, for an address of our
 * data, its standardized line: nothing the visitor typed (no name, no address kept as typed).
 */
export async function submitLead(ctx: AppContext, input: z.output<typeof LeadRequestSchema>, client: string) {
  const { check, address, temp } = await checkLocation(ctx, input.checkId, 'checkId');
  const kind = check.area_kind as AreaKind;
  if (mayOrderIn(kind)) {
    const message = 'Fiber is available at this address: you can order it now.';
    throw badRequest(message, { checkId: message });
  }
  if (check.status === 'suggestions' || check.status === 'unknown') {
    const message = 'Choose one of the suggested addresses, or use the address as typed, first.';
    throw badRequest(message, { checkId: message });
  }
  const key = address?.address_key ?? temp?.address_key ?? `query:${check.query.toUpperCase()}`;
  const line = address
    ? standardAddress(address).line
    : temp
      ? standardAddress({ ...temp, zip_four: null }).line
      : check.query;
  const leadKind = kind === 'signup' ? 'signup' : 'notify';
  const giveBack = await countCreation(ctx, client, 'leads');
  const inserted = await repo.insertLead(ctx.db, {
    created_at: ctx.now().toISOString(),
    check_id: check.id,
    email: input.email,
    name: input.name,
    kind: leadKind,
    area_kind: kind,
    address_key: key,
    notified_at: null,
  });
  if (!inserted) await giveBack();
  if (inserted) {
    const provider = ctx.config.shell.providerName;
    const at = address ? `at ${standardAddress(address).line}` : 'at the address you gave us';
    await ctx.mailer
      .send({
        to: input.email,
        subject:
          leadKind === 'signup' ? `${provider}: you signed up for fiber` : `${provider}: we will tell you about fiber`,
        text: [
          'Hello,',
          '',
          leadKind === 'signup'
            ? `Thank you for signing up for fiber ${at}. We build where enough neighbours sign up, and we will write when your street is planned.`
            : `We will write to you when fiber can be ordered ${at}.`,
          '',
          'If you did not ask for this, ignore this message: we will not write again.',
        ].join('\n'),
      })
      .catch((err) => ctx.log.error({ err }, 'lead confirmation mail failed'));
  }
  return {
    message:
      leadKind === 'signup'
        ? `Thank you: you are signed up for fiber at ${line}. We sent a confirmation to ${input.email}.`
        : `Thank you: we will write to ${input.email} when fiber reaches ${line}.`,
  };
}
