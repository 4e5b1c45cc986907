/** All SQL of the map layers: features of one layer whose anchor point lies in a box (index on layer, lat, lon). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export function listFeatures(db: Kysely<Database>, layerId: number, box: Box, limit: number) {
  return db
    .selectFrom('map_features')
    .select(['id', 'name', 'geometry', 'properties'])
    .where('layer_id', '=', layerId)
    .where('latitude', '>=', box.minLat)
    .where('latitude', '<=', box.maxLat)
    .where('longitude', '>=', box.minLon)
    .where('longitude', '<=', box.maxLon)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findActiveInstaller(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('installer', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
}

/** An enabled user's field and staff flags: who may draw the base map (the service decides). */
export function findActiveMapUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['installer', 'contractor_id', 'is_staff', 'staff_roles'])
    .where('id', '=', userId)
    .where('disabled', '=', 0)
    .executeTakeFirst();
}

/** A service location's position. */
export function findLocationPoint(db: Kysely<Database>, serviceLocationId: number) {
  return db
    .selectFrom('service_locations')
    .select(['latitude', 'longitude'])
    .where('id', '=', serviceLocationId)
    .executeTakeFirst();
}
