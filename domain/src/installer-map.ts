/**
 * The ArcGIS map of a work order (SPEC §9): its layers, their defaults, opacity and zoom, and the shapes of the
 * map service the server offers (a token that lasts 3600 s, and an ArcGIS-REST-style feature query returning GeoJSON).
 */
import { z } from 'zod';
import { MAPS_TOKEN_LIFETIME_S } from './constants.js';

export interface MapLayerDefinition {
  id: number;
  name: string;
  /** Checked when the map opens. */
  defaultVisible: boolean;
}

const layer = (id: number, name: string, defaultVisible: boolean): MapLayerDefinition => ({
  id,
  name,
  defaultVisible,
});

/** SPEC §9's layers, ids and defaults ('Design Complate' spelled right). */
export const MAP_LAYERS: readonly MapLayerDefinition[] = [
  layer(0, 'Addresses', false),
  layer(1, 'ONT', true),
  layer(2, 'Building', true),
  layer(3, 'Installed', false),
  layer(4, 'Installed as Built', false),
  layer(5, 'Design Complete', true),
  layer(9, 'Structures', true),
  layer(10, 'Residential Fiber', true),
  layer(11, 'Residential Fiber Construction', true),
  layer(12, 'Residential Fiber Sign Up', true),
  layer(14, 'Business Fiber', false),
  layer(18, 'Colos', false),
];

export const MAP_LAYER_IDS: readonly number[] = MAP_LAYERS.map((l) => l.id);
export const MAP_LAYER_OPACITY = 0.55;
export const MAP_ZOOM = 18;

export function isMapLayerId(id: number): boolean {
  return MAP_LAYER_IDS.includes(id);
}

/** The largest box one feature query may ask for, in degrees of latitude and of longitude (about 7 by 5 miles). */
export const MAP_QUERY_MAX_SPAN_DEGREES = 0.1;
/** Features one query returns at most; more sets `exceededTransferLimit` (ArcGIS's convention). */
export const MAP_QUERY_FEATURE_LIMIT = 2000;

export const MapTokenSchema = z.object({
  token: z.string(),
  /** Expiry, milliseconds since the epoch (as ArcGIS's generateToken answers). */
  expires: z.number().int(),
  expiresInSeconds: z.literal(MAPS_TOKEN_LIFETIME_S),
  /** The FeatureServer base: `${featureServiceUrl}/${layerId}/query`. */
  featureServiceUrl: z.string(),
  /** Base tiles (`{z}/{x}/{y}`, token included), or null when none are configured. */
  tileUrl: z.string().nullable(),
  /** The tile source's credit line ("© OpenStreetMap contributors"), shown on the map; null without tiles. */
  tileAttribution: z.string().nullable(),
});
export type MapToken = z.infer<typeof MapTokenSchema>;

export const MapLayerParamsSchema = z.object({
  layerId: z
    .string()
    .regex(/^\d{1,3}$/, 'layerId must be a layer number.')
    .transform(Number)
    .refine(isMapLayerId, `layerId must be one of ${MAP_LAYER_IDS.join(', ')}.`),
});

const envelope = z
  .string()
  .trim()
  .regex(
    /^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
    'geometry must be an envelope xmin,ymin,xmax,ymax in degrees (longitude, latitude).',
  )
  .transform((v) => {
    const [xmin = 0, ymin = 0, xmax = 0, ymax = 0] = v.split(',').map(Number);
    return { xmin, ymin, xmax, ymax };
  })
  .refine((b) => b.xmin <= b.xmax && b.ymin <= b.ymax, 'geometry must have xmin <= xmax and ymin <= ymax.')
  .refine(
    (b) => b.xmax - b.xmin <= MAP_QUERY_MAX_SPAN_DEGREES && b.ymax - b.ymin <= MAP_QUERY_MAX_SPAN_DEGREES,
    `geometry must span at most ${MAP_QUERY_MAX_SPAN_DEGREES} degrees each way; zoom in.`,
  )
  .refine(
    (b) => Math.abs(b.ymin) <= 90 && Math.abs(b.ymax) <= 90 && Math.abs(b.xmin) <= 180 && Math.abs(b.xmax) <= 180,
    'geometry must lie within latitude -90..90 and longitude -180..180.',
  );

/** The query string of `.../FeatureServer/{layerId}/query` (a subset of ArcGIS REST's). */
export const MapQuerySchema = z.object({
  geometry: envelope,
  geometryType: z.literal('esriGeometryEnvelope').default('esriGeometryEnvelope'),
  inSR: z.enum(['4326']).default('4326'),
  outFields: z.string().max(200).default('*'),
  f: z.enum(['geojson'], "f must be 'geojson'.").default('geojson'),
  token: z.string().min(1, 'token is required.').max(400),
});

export const GeoJsonFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.number(), z.string()]),
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }),
  properties: z.record(z.string(), z.unknown()),
});
export const FeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(GeoJsonFeatureSchema),
  exceededTransferLimit: z.boolean().optional(),
});
export type FeatureCollection = z.infer<typeof FeatureCollectionSchema>;
export type GeoJsonFeature = z.infer<typeof GeoJsonFeatureSchema>;
