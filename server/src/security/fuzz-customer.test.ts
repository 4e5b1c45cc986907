/** Schema-driven fuzzing (fuzz-routes.ts), first half: sign-in, settings, accounts and the customer portal. */
import { fuzzRoutes } from './fuzz-routes.js';

const CUSTOMER_SIDE =
  /^\S+ \/api\/(customer|auth|accounts|settings|session|health|config|staff\/(customers|super-links))(\/|$)/;

fuzzRoutes((key) => CUSTOMER_SIDE.test(key));
