/**
 * The map service of the installer's ArcGIS map (SPEC §7, §9): a token that lasts 3600 s, the layers as GeoJSON
 * through an ArcGIS-REST-style query (from the database, or from a configured external FeatureServer), and base tiles
 * from a configured tile server. External services are reached by the server, so the browser only ever talks to us
 * (the CSP stays 'self') and their credentials never reach it.
 */
import {
  boundingBox,
  DROP_ESTIMATE_MAX_FT,
  DROP_ESTIMATE_SEARCH_FT,
  distanceFeet,
  type EstimatedDropLength,
  estimateDropLengthFt,
  type FeatureCollection,
  FeatureCollectionSchema,
  MAP_QUERY_FEATURE_LIMIT,
  MAPS_TOKEN_LIFETIME_S,
  type MapToken,
  parseStaffRoles,
  staffHolds,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertFieldUserMayReach } from '../access/access.service.js';
import { invalidMapToken, issueMapToken, verifyMapToken } from './map-tokens.js';
import * as repo from './maps.repository.js';

export const FEATURE_SERVICE_PATH = '/api/maps/arcgis/rest/services/strand/FeatureServer';
export const TILE_PATH = '/api/maps/tiles';

const UPSTREAM_TIMEOUT_MS = 8000;
const TILE_MAX_BYTES = 1_048_576;
const TILE_USER_AGENT = 'Strand field portal (tile proxy)';
/** Lines and outlines reach up to ~450 ft from their anchor point: widen the box so edge features still draw. */
const ANCHOR_PADDING_FT = 600;

const badGateway = (message: string) => new HttpError(502, 'bad_gateway', message);

export function getToken(ctx: AppContext, userId: number): MapToken {
  const { token, expires } = issueMapToken(ctx.config.jwtSecret, userId, ctx.now());
  return {
    token,
    expires,
    expiresInSeconds: MAPS_TOKEN_LIFETIME_S,
    featureServiceUrl: FEATURE_SERVICE_PATH,
    tileUrl: ctx.config.maps.tileUrl ? `${TILE_PATH}/{z}/{x}/{y}?token=${encodeURIComponent(token)}` : null,
    tileAttribution: ctx.config.maps.tileUrl ? ctx.config.maps.tileAttribution : null,
  };
}

/** The token's user, who must be the caller (a token is not passed around) and still an enabled installer. */
async function tokenUser(ctx: AppContext, token: string, sessionUserId: number): Promise<number> {
  const userId = verifyMapToken(ctx.config.jwtSecret, token, ctx.now());
  if (userId !== sessionUserId) throw invalidMapToken();
  if (!(await repo.findActiveInstaller(ctx.db, userId))) throw invalidMapToken();
  return userId;
}

export interface Envelope {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

export async function queryLayer(
  ctx: AppContext,
  sessionUserId: number,
  layerId: number,
  envelope: Envelope,
  token: string,
): Promise<FeatureCollection> {
  await tokenUser(ctx, token, sessionUserId);
  if (ctx.config.maps.serviceUrl) return queryExternal(ctx.config.maps, layerId, envelope);

  const middle = (envelope.ymin + envelope.ymax) / 2;
  const padBox = boundingBox({ latitude: middle, longitude: 0 }, ANCHOR_PADDING_FT);
  const pad = { latitude: padBox.maxLat - middle, longitude: padBox.maxLon };
  const rows = await repo.listFeatures(
    ctx.db,
    layerId,
    {
      minLat: envelope.ymin - pad.latitude,
      maxLat: envelope.ymax + pad.latitude,
      minLon: envelope.xmin - pad.longitude,
      maxLon: envelope.xmax + pad.longitude,
    },
    MAP_QUERY_FEATURE_LIMIT + 1,
  );
  const features = rows.slice(0, MAP_QUERY_FEATURE_LIMIT).map((r) => ({
    type: 'Feature' as const,
    id: r.id,
    geometry: JSON.parse(r.geometry) as { type: string; coordinates: unknown },
    properties: { name: r.name, layerId, ...(JSON.parse(r.properties) as Record<string, unknown>) },
  }));
  return { type: 'FeatureCollection', features, exceededTransferLimit: rows.length > MAP_QUERY_FEATURE_LIMIT };
}

async function queryExternal(
  maps: AppContext['config']['maps'],
  layerId: number,
  e: Envelope,
): Promise<FeatureCollection> {
  const params = new URLSearchParams({
    geometry: `${e.xmin},${e.ymin},${e.xmax},${e.ymax}`,
    geometryType: 'esriGeometryEnvelope',
    inSR: '4326',
    spatialRel: 'esriSpatialRelIntersects',
    outFields: '*',
    outSR: '4326',
    resultRecordCount: String(MAP_QUERY_FEATURE_LIMIT),
    f: 'geojson',
  });
  if (maps.serviceToken) params.set('token', maps.serviceToken);
  let body: unknown;
  try {
    const res = await fetch(`${maps.serviceUrl}/${layerId}/query?${params}`, {
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    body = await res.json();
  } catch {
    throw badGateway('The map service did not answer. The map shows no layers for now.');
  }
  const parsed = FeatureCollectionSchema.safeParse(body);
  if (!parsed.success) throw badGateway('The map service sent an answer this portal cannot read.');
  return parsed.data;
}

export interface Tile {
  contentType: string;
  body: Buffer;
}

/** A tile's token must belong to a user who may still draw the base map: an enabled installer (their map), a
 * contractor (the contractor's work-order map) or a dispatcher (the dispatch board's map; the admin holds every staff
 * role). */
async function assertTileUser(ctx: AppContext, token: string): Promise<void> {
  const user = await repo.findActiveMapUser(ctx.db, verifyMapToken(ctx.config.jwtSecret, token, ctx.now()));
  const dispatcher = user?.is_staff === 1 && staffHolds(parseStaffRoles(user.staff_roles), 'dispatcher');
  if (!user || (user.installer !== 1 && user.contractor_id <= 0 && !dispatcher)) throw invalidMapToken();
}

export async function getTile(ctx: AppContext, z: number, x: number, y: number, token: string): Promise<Tile> {
  await assertTileUser(ctx, token);
  const template = ctx.config.maps.tileUrl;
  if (!template) throw notFound('No base map is configured (MAP_TILE_URL).');
  const url = template
    .replace('{s}', 'abc'[(x + y) % 3] ?? 'a')
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
  try {
    // Tile servers (OpenStreetMap's policy among them) ask every client to name itself.
    const res = await fetch(url, {
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      headers: { 'user-agent': TILE_USER_AGENT },
    });
    const contentType = res.headers.get('content-type') ?? '';
    if (!res.ok || !contentType.startsWith('image/')) throw new Error(`status ${res.status} ${contentType}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > TILE_MAX_BYTES) throw new Error('tile too large');
    return { contentType, body };
  } catch {
    throw badGateway('The base map could not be loaded.');
  }
}

/** The Structures layer (SPEC §9 layer 9): pedestals and hand holes, the splice points drops start from. */
const STRUCTURES_LAYER = 9;

/**
 * getEstimatedDropLength: the splice point of the Structures layer nearest the work order's service location, and
 * the drop length option it suggests (domain estimateDropLengthFt). Installers and contractors who may reach the work
 * order (access.service assertFieldUserMayReach).
 */
export async function estimatedDropLength(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
): Promise<EstimatedDropLength> {
  const workOrder = await assertFieldUserMayReach(ctx, user, workOrderId);
  const none = (message: string): EstimatedDropLength => ({
    nEstimatedDropLengthFt: null,
    nStraightLineFt: null,
    vcStructureId: null,
    vcStructureType: null,
    message,
  });
  if (workOrder.service_location_id === null) return none('This work order has no service location to measure from.');
  const home = await repo.findLocationPoint(ctx.db, workOrder.service_location_id);
  if (!home) return none('This work order has no service location to measure from.');
  const rows = await repo.listFeatures(
    ctx.db,
    STRUCTURES_LAYER,
    boundingBox(home, DROP_ESTIMATE_SEARCH_FT),
    MAP_QUERY_FEATURE_LIMIT,
  );
  const nearest = rows
    .map((r) => {
      const geometry = JSON.parse(r.geometry) as { type: string; coordinates: [number, number] };
      const props = JSON.parse(r.properties) as { structureType?: string; id?: string };
      if (geometry.type !== 'Point') return null;
      const [longitude, latitude] = geometry.coordinates;
      return {
        name: props.id ?? r.name,
        type: props.structureType ?? 'Structure',
        feet: distanceFeet(home, { latitude, longitude }),
      };
    })
    .filter((r) => r !== null && r.feet <= DROP_ESTIMATE_SEARCH_FT)
    .sort((a, b) => (a?.feet ?? 0) - (b?.feet ?? 0))[0];
  if (!nearest) return none(`No splice point on the map within ${DROP_ESTIMATE_SEARCH_FT.toLocaleString('en-US')} ft.`);
  const straight = Math.round(nearest.feet);
  const estimate = estimateDropLengthFt(nearest.feet);
  return {
    nEstimatedDropLengthFt: estimate,
    nStraightLineFt: straight,
    vcStructureId: nearest.name,
    vcStructureType: nearest.type,
    message:
      estimate === null
        ? `${nearest.type} ${nearest.name} is ${straight} ft away in a straight line: longer than the longest drop (${DROP_ESTIMATE_MAX_FT} ft).`
        : `Estimated from the map: ${estimate} ft (${nearest.type} ${nearest.name}, ${straight} ft away in a straight line).`,
  };
}
