/** The availability verdict's title, the same on the address check's answer and on the package step. */
import type { AvailabilityResult } from '@strand/domain';

export const AVAILABILITY_TITLES: Record<AvailabilityResult['availability'], string> = {
  available: 'Fiber is available',
  coming_soon: 'Coming soon: we are building here',
  taking_signups: 'Taking sign-ups',
  not_served: 'Not in our fiber area yet',
};
