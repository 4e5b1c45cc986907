/**
 * Map cells of 0.01° × 0.01° (about 3,600 × 2,800 ft around Columbia, MO), by which the provider's work orders are
 * indexed for Nearby (migration 0031-nearby-cells, where the same formula is written in SQL for its triggers).
 */

/** The cell of a position: floor(latitude × 100) × 100000 + floor(longitude × 100). */
export function geoCellOf(latitude: number, longitude: number): number {
  return Math.floor(latitude * 100) * 100_000 + Math.floor(longitude * 100);
}

/** Every cell a latitude/longitude box touches (a position in the box lies in one of them). */
export function geoCellsOfBox(box: { minLat: number; maxLat: number; minLon: number; maxLon: number }): number[] {
  const cells: number[] = [];
  for (let lat = Math.floor(box.minLat * 100); lat <= Math.floor(box.maxLat * 100); lat++) {
    for (let lon = Math.floor(box.minLon * 100); lon <= Math.floor(box.maxLon * 100); lon++) {
      cells.push(lat * 100_000 + lon);
    }
  }
  return cells;
}
