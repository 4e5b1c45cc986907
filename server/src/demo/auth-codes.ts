/**
 * Step 6d (auth codes, DEMO-DATA.md's additions): Acme Dental Group's forced authorization codes in every state.
 * Active and suspended codes are in service on the switch; the pending one was sent while the switch did not
 * answer and waits for its next try (in about 45 minutes, so it is still pending when the demo is looked at; the
 * running server's push job then confirms it); the failed one was refused by the switch and can be retried or
 * removed. The digits come from the generator's PRNG and pass the same weak-code rule as generated ones.
 */
import { generateAuthCode } from '@strand/domain';
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';

interface CodeSeed {
  description: string;
  classOfService: 'local' | 'long_distance' | 'international' | 'toll_free';
  status: 'pending' | 'active' | 'suspended' | 'failed';
  createdDay: number;
}

const ACME_CODES: CodeSeed[] = [
  { description: 'Front desk', classOfService: 'long_distance', status: 'active', createdDay: -120 },
  { description: 'Dr. Diaz', classOfService: 'international', status: 'active', createdDay: -90 },
  { description: 'Billing office', classOfService: 'toll_free', status: 'active', createdDay: -60 },
  {
    description: 'Former hygienist (left in March)',
    classOfService: 'long_distance',
    status: 'suspended',
    createdDay: -200,
  },
  { description: 'Hygienist, seat 107', classOfService: 'long_distance', status: 'pending', createdDay: 0 },
  { description: 'Lab courier line', classOfService: 'international', status: 'failed', createdDay: -3 },
];

export async function seedAuthCodes(ctx: SeedContext): Promise<void> {
  const random = ctx.random('auth-codes');
  const now = new Date(ctx.clock.now);
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
  const used = new Set<string>();
  const rows = ACME_CODES.map((seed) => {
    let code = generateAuthCode(() => random.int(0, 9));
    while (used.has(code)) code = generateAuthCode(() => random.int(0, 9));
    used.add(code);
    const created = seed.createdDay === 0 ? minutes(-20) : ctx.clock.at(seed.createdDay, 15, 10);
    const confirmed = seed.status === 'active' || seed.status === 'suspended';
    return {
      id: ctx.ids.next('auth_codes'),
      customer_id: DEMO.customers.business,
      code,
      code_reversed: [...code].reverse().join(''),
      description: seed.description,
      class_of_service: seed.classOfService,
      status: seed.status,
      enabled: seed.status === 'suspended' ? 0 : 1,
      push_action: seed.status === 'pending' ? 'provision' : null,
      push_attempts: seed.status === 'pending' ? 3 : seed.status === 'failed' ? 1 : 0,
      next_push_at: seed.status === 'pending' ? minutes(45) : null,
      pushed_at: seed.status === 'pending' ? minutes(-19) : created,
      last_error:
        seed.status === 'pending'
          ? 'The phone switch did not answer within 5 s.'
          : seed.status === 'failed'
            ? 'The phone switch refused it: International calling is not enabled on trunk group 4.'
            : null,
      created_by: DEMO.users.network.id,
      created_at: created,
      updated_at: seed.status === 'suspended' ? ctx.clock.at(-30, 16, 0) : created,
      confirmed_at: confirmed ? created : null,
    };
  });
  await ctx.insert('auth_codes', rows);
}
