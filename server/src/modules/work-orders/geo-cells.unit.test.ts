import { boundingBox, DISTANCE_OPTIONS_FT } from '@strand/domain';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { geoCellSql } from '../../db/migrations/0031-nearby-cells.js';
import { geoCellOf, geoCellsOfBox } from './geo-cells.js';

describe('geo cells', () => {
  it('gives the cell the migration writes in SQL, on the edges too', () => {
    const sqlite = new SQLite(':memory:');
    const cell = sqlite.prepare(`SELECT ${geoCellSql('@lat', '@lon', 'sqlite')} AS c`).pluck();
    for (const [lat, lon] of [
      [38.95, -92.33],
      [38.9652, -92.2968],
      [0, 0],
      [-33.8688, 151.2093],
      [38.999999, -92.000001],
      [39, -92],
    ]) {
      expect(cell.get({ lat, lon }), `${lat}, ${lon}`).toBe(geoCellOf(lat as number, lon as number));
    }
    sqlite.close();
  });

  it('lists every cell a box touches: at most nine for the largest Nearby distance', () => {
    expect(geoCellsOfBox({ minLat: 38.951, maxLat: 38.952, minLon: -92.331, maxLon: -92.329 })).toEqual([
      geoCellOf(38.951, -92.331),
      geoCellOf(38.951, -92.329),
    ]);
    const largest = Math.max(...DISTANCE_OPTIONS_FT);
    for (const center of [
      { latitude: 38.95, longitude: -92.33 },
      { latitude: 38.9999, longitude: -92.0001 },
    ]) {
      const box = boundingBox(center, largest);
      const cells = geoCellsOfBox(box);
      expect(cells.length).toBeLessThanOrEqual(9);
      for (const [lat, lon] of [
        [box.minLat, box.minLon],
        [box.maxLat, box.maxLon],
        [center.latitude, center.longitude],
      ]) {
        expect(cells).toContain(geoCellOf(lat as number, lon as number));
      }
    }
  });
});
