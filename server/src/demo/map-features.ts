/**
 * Step 7: map layer features (SPEC §9 layer ids) around the fixed and contractor work orders, and the colos.
 * Geometry is GeoJSON text ([longitude, latitude] order); latitude/longitude hold a representative point.
 */
import type { NewRow } from '../db/database.js';
import { CENTRAL_OFFICES } from './central-offices.js';
import type { SeedContext } from './context.js';
import { offsetFeet } from './locations.js';

export const MAP_LAYERS = {
  addresses: 0,
  ont: 1,
  building: 2,
  installed: 3,
  installedAsBuilt: 4,
  designComplete: 5,
  structures: 9,
  residentialFiber: 10,
  residentialFiberConstruction: 11,
  residentialFiberSignUp: 12,
  businessFiber: 14,
  colos: 18,
} as const;

export interface MapAnchor {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  business: boolean;
  /** installed: service is live; construction: being built; planned: signed up, not yet built. */
  stage: 'installed' | 'construction' | 'planned';
  hasOnt: boolean;
}

type Point = { latitude: number; longitude: number };
type Feature = NewRow<'map_features'>;

const coords = (p: Point) => [p.longitude, p.latitude];

function point(layer: number, name: string, at: Point, properties: object): Feature {
  return {
    layer_id: layer,
    name,
    geometry: JSON.stringify({ type: 'Point', coordinates: coords(at) }),
    properties: JSON.stringify(properties),
    latitude: at.latitude,
    longitude: at.longitude,
  };
}

function line(layer: number, name: string, path: Point[], properties: object): Feature {
  const first = path[0] ?? { latitude: 0, longitude: 0 };
  return {
    layer_id: layer,
    name,
    geometry: JSON.stringify({ type: 'LineString', coordinates: path.map(coords) }),
    properties: JSON.stringify(properties),
    latitude: first.latitude,
    longitude: first.longitude,
  };
}

function square(layer: number, name: string, center: Point, feet: number, properties: object): Feature {
  const corner = (n: number, e: number) => coords(offsetFeet(center.latitude, center.longitude, n * feet, e * feet));
  const ring = [corner(-1, -1), corner(-1, 1), corner(1, 1), corner(1, -1), corner(-1, -1)];
  return {
    layer_id: layer,
    name,
    geometry: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
    properties: JSON.stringify(properties),
    latitude: center.latitude,
    longitude: center.longitude,
  };
}

/** The features one service location contributes: address, building, structure, drop and fiber route. */
export function anchorFeatures(a: MapAnchor, index: number): Feature[] {
  const here = { latitude: a.latitude, longitude: a.longitude };
  const at = (n: number, e: number) => offsetFeet(a.latitude, a.longitude, n, e);
  const structure = at(-90, 40);
  const streetA = at(-110, -400);
  const streetB = at(-110, 400);
  const layer = MAP_LAYERS;
  const structureId = `${a.business ? 'HH' : 'PED'}-${String(1000 + index)}`;
  const features: Feature[] = [
    point(layer.addresses, a.address, here, { address: a.address, name: a.name }),
    square(layer.building, `Building at ${a.address}`, at(15, 0), 25, {
      use: a.business ? 'Commercial' : 'Residential',
    }),
    point(layer.structures, structureId, structure, {
      structureType: a.business ? 'Hand Hole' : 'Pedestal',
      id: structureId,
    }),
  ];
  const route = [streetA, streetB];
  const drop = [structure, here];
  if (a.hasOnt) features.push(point(layer.ont, `ONT at ${a.address}`, at(5, 12), { address: a.address }));
  if (a.stage === 'installed') {
    features.push(line(layer.installed, `Drop to ${a.address}`, drop, { dropType: 'Aerial', lengthFt: 140 }));
    features.push(line(layer.installedAsBuilt, `As-built drop ${a.address}`, drop, { verified: 'Yes' }));
  } else if (a.stage === 'construction') {
    features.push(
      line(layer.residentialFiberConstruction, `Construction to ${a.address}`, drop, { status: 'Under construction' }),
    );
  } else {
    features.push(line(layer.designComplete, `Design for ${a.address}`, drop, { status: 'Design complete' }));
    features.push(point(layer.residentialFiberSignUp, `Sign-up ${a.address}`, here, { signedUp: 'Yes' }));
  }
  features.push(
    a.business
      ? line(layer.businessFiber, `Business fiber near ${a.address}`, route, { fiberCount: 48 })
      : line(layer.residentialFiber, `Residential fiber near ${a.address}`, route, { fiberCount: 144 }),
  );
  return features;
}

export function coloFeatures(): Feature[] {
  return CENTRAL_OFFICES.map((co) =>
    point(MAP_LAYERS.colos, co.name, co, {
      kind: co.kind,
      coloArea: co.coloArea,
      address: `${co.address}, ${co.city}`,
    }),
  );
}

export async function seedMapFeatures(ctx: SeedContext, anchors: readonly MapAnchor[]): Promise<void> {
  await ctx.insert('map_features', [...coloFeatures(), ...anchors.flatMap((a, i) => anchorFeatures(a, i))]);
}
