import { describe, expect, it } from 'vitest';
import { MAP_LAYER_OPACITY, MAP_LAYERS, MAP_ZOOM, MapLayerParamsSchema, MapQuerySchema } from './installer-map.js';

describe('MAP_LAYERS (SPEC §9)', () => {
  it('has the layer ids and names, with the listed ones on by default', () => {
    expect(MAP_LAYERS.map((l) => `${l.id} ${l.name}`)).toEqual([
      '0 Addresses',
      '1 ONT',
      '2 Building',
      '3 Installed',
      '4 Installed as Built',
      '5 Design Complete',
      '9 Structures',
      '10 Residential Fiber',
      '11 Residential Fiber Construction',
      '12 Residential Fiber Sign Up',
      '14 Business Fiber',
      '18 Colos',
    ]);
    expect(MAP_LAYERS.filter((l) => l.defaultVisible).map((l) => l.name)).toEqual([
      'ONT',
      'Building',
      'Design Complete',
      'Structures',
      'Residential Fiber',
      'Residential Fiber Construction',
      'Residential Fiber Sign Up',
    ]);
    expect(MAP_LAYER_OPACITY).toBe(0.55);
    expect(MAP_ZOOM).toBe(18);
  });
});

describe('the feature query', () => {
  it('reads an envelope and refuses unknown layers, reversed or oversized boxes', () => {
    expect(MapQuerySchema.parse({ geometry: '-92.3,38.9,-92.2,38.95', token: 't' }).geometry).toEqual({
      xmin: -92.3,
      ymin: 38.9,
      xmax: -92.2,
      ymax: 38.95,
    });
    expect(MapQuerySchema.safeParse({ geometry: '-92.2,38.9,-92.3,38.95', token: 't' }).success).toBe(false);
    expect(MapQuerySchema.safeParse({ geometry: '-93,38,-92,39', token: 't' }).success).toBe(false);
    expect(MapQuerySchema.safeParse({ geometry: '-92.3,38.9,-92.2,38.95' }).success).toBe(false);
    expect(MapLayerParamsSchema.safeParse({ layerId: '18' }).success).toBe(true);
    expect(MapLayerParamsSchema.safeParse({ layerId: '7' }).success).toBe(false);
  });
});
