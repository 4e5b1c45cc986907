/**
 * Step 6c (programming test): one job applicant, `applicant`, invited by the staff demo user three days ago and not
 * yet submitted. The access code is the demo password, like every demo sign-in (its argon2id hash, as for users).
 */
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';

export const DEMO_APPLICANT = {
  id: 1,
  username: 'applicant',
  name: 'Avery Quinn',
  email: 'avery.quinn@example.org',
} as const;

export async function seedApplicants(ctx: SeedContext): Promise<void> {
  await ctx.insert('applicants', [
    {
      id: ctx.ids.claim('applicants', DEMO_APPLICANT.id),
      name: DEMO_APPLICANT.name,
      email: DEMO_APPLICANT.email,
      username: DEMO_APPLICANT.username,
      code_hash: ctx.passwordHash,
      invited_by: DEMO.users.staff.id,
      invited_at: ctx.clock.at(-3, 9, 30),
      current_submission_id: null,
    },
  ]);
}
