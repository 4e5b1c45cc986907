/** Schema-driven fuzzing (fuzz-routes.ts), second half: installer, contractor, maps, assets, applicants and staff. */
import { fuzzRoutes } from './fuzz-routes.js';

const CUSTOMER_SIDE =
  /^\S+ \/api\/(customer|auth|accounts|settings|session|health|config|staff\/(customers|super-links))(\/|$)/;

fuzzRoutes((key) => !CUSTOMER_SIDE.test(key));
