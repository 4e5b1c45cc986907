/**
 * The staff home (issue 29 item 1): for each piece of back-office work that needs attention, how many things wait and
 * since when. The server answers only the tiles of the caller's staff roles (staffTilesFor); the words are the web's.
 */
import { z } from 'zod';
import type { StaffRole } from '../session.js';

/** An open order whose status has not changed for this many days is stuck. */
export const STUCK_ORDER_DAYS = 7;
/** Failed or declined payments and failed faxes count over this many days. */
export const RECENT_TROUBLE_DAYS = 7;

export const STAFF_TILE_IDS = [
  'addresses',
  'dispatch',
  'stuckOrders',
  'tickets',
  'payments',
  'authCodes',
  'faxes',
  'notices',
] as const;
export const StaffTileIdSchema = z.enum(STAFF_TILE_IDS);
export type StaffTileId = z.infer<typeof StaffTileIdSchema>;

/** The roles that see each tile (admin sees them all). */
export const STAFF_TILE_ROLES: Readonly<Record<StaffTileId, readonly StaffRole[]>> = {
  addresses: ['sales'],
  dispatch: ['dispatcher'],
  stuckOrders: ['sales', 'dispatcher'],
  tickets: ['sales', 'dispatcher'],
  payments: ['billing'],
  authCodes: ['network'],
  faxes: ['network'],
  notices: ['network'],
};

export const StaffTileSchema = z.object({
  id: StaffTileIdSchema,
  count: z.number().int().min(0),
  /** When the longest-waiting of them started waiting (ISO), null when there are none. */
  oldestAt: z.string().nullable(),
});
export type StaffTile = z.infer<typeof StaffTileSchema>;

export const StaffHomeSchema = z.object({
  tiles: z.array(StaffTileSchema),
  /** The moment the counts were taken (ISO). */
  countedAt: z.string(),
});
export type StaffHome = z.infer<typeof StaffHomeSchema>;
