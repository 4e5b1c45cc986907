import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAPS_TOKEN_LIFETIME_S } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../demo/file-formats.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** A stand-in for an external tile server and ArcGIS FeatureServer, recording what it was asked. */
const upstreamRequests: string[] = [];
let upstream: Server;
let upstreamUrl = '';
const tile = makePng(4, 4, () => [200, 220, 240]);

beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamRequests.push(req.url ?? '');
    if (req.url?.startsWith('/tiles/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(tile);
    } else if (req.url?.includes('/FeatureServer/1/query')) {
      const feature = {
        type: 'Feature',
        id: 7,
        geometry: { type: 'Point', coordinates: [-92.3, 38.96] },
        properties: {},
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
    } else {
      res.writeHead(500).end('down');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** The box around 100001's location (2208 Clark Ln, 38.9652, -92.2968). */
const AROUND_100001 = '-92.2990,38.9640,-92.2950,38.9665';
const queryUrl = (layer: number, token: string, geometry = AROUND_100001) =>
  `/api/maps/arcgis/rest/services/strand/FeatureServer/${layer}/query?geometry=${geometry}&f=geojson&token=${encodeURIComponent(token)}`;

interface Collection {
  type: string;
  features: { id: number; geometry: { type: string }; properties: { name: string } }[];
  exceededTransferLimit?: boolean;
}

describe('the built-in map service', () => {
  let t: TestApp;
  let installer: string;
  beforeAll(async () => {
    t = await createTestApp();
    installer = await t.login('installer');
  });
  afterAll(() => t.close());

  const mapToken = async (session = installer) => {
    const res = await t.request({ method: 'GET', url: '/api/maps/token', token: session });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      token: string;
      expires: number;
      tileUrl: string | null;
      tileAttribution: string | null;
      featureServiceUrl: string;
    }>();
  };

  describe('GET /api/maps/token', () => {
    it('gives an installer a token that lasts 3600 s, with OpenStreetMap’s tiles and credit by default', async () => {
      const token = await mapToken();
      expect(token.expires).toBe(t.clock.now.getTime() + MAPS_TOKEN_LIFETIME_S * 1000);
      expect(token.tileUrl).toMatch(/^\/api\/maps\/tiles\/\{z\}\/\{x\}\/\{y\}\?token=/);
      expect(token.tileAttribution).toBe('© OpenStreetMap contributors');
      expect(token.featureServiceUrl).toBe('/api/maps/arcgis/rest/services/strand/FeatureServer');
    });

    it('gives a dispatcher, the admin and a contractor one (their maps’ base tiles), and refuses customers and other staff', async () => {
      for (const username of ['dispatcher', 'staff', 'contractor'])
        expect((await mapToken(await t.login(username))).token).toBeTruthy();
      for (const username of ['residential', 'sales', 'network', 'billing-staff']) {
        const res = await t.request({ method: 'GET', url: '/api/maps/token', token: await t.login(username) });
        expect(res.statusCode, username).toBe(403);
      }
    });

    it('does not open the layers to a dispatcher or a contractor: their token draws tiles only', async () => {
      for (const username of ['dispatcher', 'contractor']) {
        const session = await t.login(username);
        const { token } = await mapToken(session);
        const res = await t.request({ method: 'GET', url: queryUrl(1, token), token: session });
        expect(res.statusCode, username).toBe(403);
      }
    });
  });

  describe('GET .../FeatureServer/:layerId/query', () => {
    it('answers GeoJSON of the layer’s features in the box', async () => {
      const { token } = await mapToken();
      const ont = await t.request({ method: 'GET', url: queryUrl(1, token), token: installer });
      expect(ont.statusCode, ont.body).toBe(200);
      const body = ont.json<Collection>();
      expect(body.type).toBe('FeatureCollection');
      expect(body.features.map((f) => f.properties.name)).toContain('ONT at 2208 Clark Ln');
      expect(body.exceededTransferLimit).toBe(false);
      const buildings = (
        await t.request({ method: 'GET', url: queryUrl(2, token), token: installer })
      ).json<Collection>();
      expect(buildings.features.find((f) => f.properties.name === 'Building at 2208 Clark Ln')?.geometry.type).toBe(
        'Polygon',
      );
      const far = await t.request({
        method: 'GET',
        url: queryUrl(1, token, '-94.60,39.00,-94.55,39.05'),
        token: installer,
      });
      expect(far.json<Collection>().features).toEqual([]);
    });

    it('refuses a missing, forged, borrowed or expired token with invalid_token', async () => {
      const { token } = await mapToken();
      const missing = await t.request({
        method: 'GET',
        url: `/api/maps/arcgis/rest/services/strand/FeatureServer/1/query?geometry=${AROUND_100001}`,
        token: installer,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toHaveProperty('token');

      const forged = await t.request({ method: 'GET', url: queryUrl(1, `${token}x`), token: installer });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('invalid_token');

      const fieldtech = await t.login('fieldtech');
      const borrowed = await t.request({ method: 'GET', url: queryUrl(1, token), token: fieldtech });
      expect(borrowed.json().error.code).toBe('invalid_token');

      t.clock.advanceSeconds(MAPS_TOKEN_LIFETIME_S);
      try {
        const expired = await t.request({ method: 'GET', url: queryUrl(1, token), token: installer });
        expect(expired.json().error.code).toBe('invalid_token');
      } finally {
        t.clock.advanceSeconds(-MAPS_TOKEN_LIFETIME_S);
      }
    });

    it('names a layer that does not exist and a box that is too big', async () => {
      const { token } = await mapToken();
      const layer = await t.request({ method: 'GET', url: queryUrl(7, token), token: installer });
      expect(layer.statusCode).toBe(400);
      expect(layer.json().error.fields).toHaveProperty('layerId');
      const big = await t.request({ method: 'GET', url: queryUrl(1, token, '-93,38,-92,39'), token: installer });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.fields).toHaveProperty('geometry');
    });

    it('refuses a contractor even with an installer’s token', async () => {
      const { token } = await mapToken();
      const res = await t.request({ method: 'GET', url: queryUrl(1, token), token: await t.login('contractor') });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('GET /api/maps/tiles/:z/:x/:y', () => {
    it('refuses a bad token', async () => {
      expect((await t.request({ method: 'GET', url: '/api/maps/tiles/18/62000/99000?token=nope' })).statusCode).toBe(
        403,
      );
      expect((await t.request({ method: 'GET', url: '/api/maps/tiles/3/9/1?token=nope' })).statusCode).toBe(400);
    });
  });
});

describe('the base map turned off (MAP_TILE_URL=none)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAP_TILE_URL: 'none' });
  });
  afterAll(() => t.close());

  it('gives no tile address or credit, and answers a tile with 404', async () => {
    const installer = await t.login('installer');
    const res = await t.request({ method: 'GET', url: '/api/maps/token', token: installer });
    const token = res.json<{ token: string; tileUrl: string | null; tileAttribution: string | null }>();
    expect(token).toMatchObject({ tileUrl: null, tileAttribution: null });
    const tile = await t.request({ method: 'GET', url: `/api/maps/tiles/18/62000/99000?token=${token.token}` });
    expect(tile.statusCode).toBe(404);
    expect(tile.json().error.message).toContain('No base map is configured');
  });
});

describe('configured external map services', () => {
  let t: TestApp;
  let installer: string;
  beforeAll(async () => {
    t = await createTestApp({
      MAP_TILE_URL: `${upstreamUrl}/tiles/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: '© Tile test',
      MAP_SERVICE_URL: `${upstreamUrl}/arcgis/rest/services/Plant/FeatureServer`,
      MAP_SERVICE_TOKEN: 'upstream-secret',
    });
    installer = await t.login('installer');
  });
  afterAll(() => t.close());

  it('passes tiles through from MAP_TILE_URL', async () => {
    const token = (await t.request({ method: 'GET', url: '/api/maps/token', token: installer })).json<{
      tileUrl: string;
    }>();
    expect(token.tileUrl).toMatch(/^\/api\/maps\/tiles\/\{z\}\/\{x\}\/\{y\}\?token=/);
    const res = await t.request({
      method: 'GET',
      url: token.tileUrl.replace('{z}', '18').replace('{x}', '62000').replace('{y}', '99000'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(tile)).toBe(true);
    expect(upstreamRequests).toContain('/tiles/18/62000/99000.png');
  });

  it('draws a dispatcher’s tiles, until the dispatcher loses the role', async () => {
    const dispatcher = await t.login('dispatcher');
    const { tileUrl } = (await t.request({ method: 'GET', url: '/api/maps/token', token: dispatcher })).json<{
      tileUrl: string;
    }>();
    const url = tileUrl.replace('{z}', '18').replace('{x}', '62001').replace('{y}', '99001');
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    const roles = () => t.db.db.updateTable('users').where('username', '=', 'dispatcher');
    await roles().set({ staff_roles: 'sales' }).execute();
    try {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('invalid_token');
    } finally {
      await roles().set({ staff_roles: 'dispatcher' }).execute();
    }
  });

  it('draws a contractor’s tiles (the contractor’s work-order map), with the configured credit', async () => {
    const contractor = await t.login('contractor');
    const res = await t.request({ method: 'GET', url: '/api/maps/token', token: contractor });
    const { tileUrl, tileAttribution } = res.json<{ tileUrl: string; tileAttribution: string }>();
    expect(tileAttribution).toBe('© Tile test');
    const url = tileUrl.replace('{z}', '18').replace('{x}', '62002').replace('{y}', '99002');
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('queries MAP_SERVICE_URL with its own token, which never reaches the browser', async () => {
    const { token } = (await t.request({ method: 'GET', url: '/api/maps/token', token: installer })).json<{
      token: string;
    }>();
    expect(token).not.toContain('upstream-secret');
    const res = await t.request({ method: 'GET', url: queryUrl(1, token), token: installer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Collection>().features.map((f) => f.id)).toEqual([7]);
    const asked = upstreamRequests.find((u) => u.includes('/FeatureServer/1/query')) ?? '';
    expect(new URL(asked, upstreamUrl).searchParams.get('token')).toBe('upstream-secret');
    expect(new URL(asked, upstreamUrl).searchParams.get('geometry')).toBe('-92.299,38.964,-92.295,38.9665');
  });

  it('answers 502 when the external service fails', async () => {
    const { token } = (await t.request({ method: 'GET', url: '/api/maps/token', token: installer })).json<{
      token: string;
    }>();
    const res = await t.request({ method: 'GET', url: queryUrl(2, token), token: installer });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/map service/);
  });
});
