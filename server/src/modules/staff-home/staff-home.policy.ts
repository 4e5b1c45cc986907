/** Which tiles of the staff home a member sees: those of the roles they hold (an admin holds every role). */
import { STAFF_TILE_IDS, STAFF_TILE_ROLES, type StaffRole, type StaffTileId, staffHolds } from '@strand/domain';

export function tilesFor(roles: readonly StaffRole[]): StaffTileId[] {
  return STAFF_TILE_IDS.filter((id) => STAFF_TILE_ROLES[id].some((role) => staffHolds(roles, role)));
}
