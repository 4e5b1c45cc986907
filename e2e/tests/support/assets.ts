/** Helpers of the equipment area's browser tests: demo ids from the test database, label videos for the camera. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import bwipjs from 'bwip-js/node';

const here = path.dirname(fileURLToPath(import.meta.url));
export const LABELS = path.join(here, '..', '..', '..', 'docs', 'labels');
export const SCREENSHOTS = path.join(here, '..', '..', '.tmp', 'screenshots');

function openDb() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts');
  return new Database(path.join(dataDir, 'portal.db'));
}

export function assetIdOf(tag: string): number {
  const db = openDb();
  try {
    const row = db.prepare('SELECT id FROM assets WHERE asset_tag = ?').get(tag) as { id: number } | undefined;
    if (!row) throw new Error(`no asset ${tag}`);
    return row.id;
  } finally {
    db.close();
  }
}

export function circuitIdOf(code: string): number {
  const db = openDb();
  try {
    const row = db.prepare('SELECT id FROM circuits WHERE circuit_code = ?').get(code) as { id: number } | undefined;
    if (!row) throw new Error(`no circuit ${code}`);
    return row.id;
  } finally {
    db.close();
  }
}

type Row = Record<string, unknown>;

/** The rows a swap or upgrade changes, to put back afterwards so other tests still find ONT-100001 installed. */
export function snapshotEquipment(tags: string[]): { assets: Row[]; circuits: Row[] } {
  const db = openDb();
  try {
    const marks = tags.map(() => '?').join(',');
    const assets = db.prepare(`SELECT * FROM assets WHERE asset_tag IN (${marks})`).all(...tags) as Row[];
    const circuits = db
      .prepare(`SELECT id, asset_id, port FROM circuits WHERE asset_id IN (${assets.map(() => '?').join(',')})`)
      .all(...assets.map((a) => a.id)) as Row[];
    return { assets, circuits };
  } finally {
    db.close();
  }
}

export function restoreEquipment(snapshot: { assets: Row[]; circuits: Row[] }): void {
  const db = openDb();
  try {
    const asset = db.prepare(
      'UPDATE assets SET status = ?, service_location_id = ?, assigned_user_id = ?, noc_location_id = ? WHERE id = ?',
    );
    const circuit = db.prepare('UPDATE circuits SET asset_id = ?, port = ? WHERE id = ?');
    db.transaction(() => {
      for (const a of snapshot.assets) {
        asset.run(a.status, a.service_location_id, a.assigned_user_id, a.noc_location_id, a.id);
      }
      for (const c of snapshot.circuits) circuit.run(c.asset_id, c.port, c.id);
    })();
  } finally {
    db.close();
  }
}

/**
 * A Y4M video (raw YUV 4:2:0, what Chromium's --use-file-for-fake-video-capture reads) showing the QR label of
 * `text`, made with bwip-js's module matrix: no ffmpeg needed. Written at once, so a spec can use it at launch.
 */
export function writeLabelVideo(text: string): string {
  const [qr] = bwipjs.raw('qrcode', text, '') as unknown as { pixs: number[]; pixx: number; pixy: number }[];
  if (!qr) throw new Error('bwip-js made no QR matrix');
  const W = 640;
  const H = 480;
  const scale = 12;
  const quiet = 4;
  const size = (qr.pixx + 2 * quiet) * scale;
  const left = Math.floor((W - size) / 2);
  const top = Math.floor((H - size) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let row = 0; row < qr.pixy; row++) {
    for (let col = 0; col < qr.pixx; col++) {
      if (!qr.pixs[row * qr.pixx + col]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const py = top + (row + quiet) * scale + dy;
        y.fill(16, py * W + left + (col + quiet) * scale, py * W + left + (col + quiet + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const dir = path.join(here, '..', '..', '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `label-${text}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

/**
 * A work order of a contractor company (open ones only unless `anyStatus`) whose service location has an ONT, with
 * the ONT and the position.
 */
export function contractorWorkOrderWithOnt(
  companyId: number,
  anyStatus = false,
): {
  workOrderId: number;
  tag: string;
  latitude: number;
  longitude: number;
} {
  const db = openDb();
  try {
    const row = db
      .prepare(
        `SELECT w.id AS workOrderId, a.asset_tag AS tag, l.latitude, l.longitude
           FROM work_orders w
           JOIN service_locations l ON l.id = w.service_location_id
           JOIN assets a ON a.service_location_id = l.id
           JOIN equipment_definitions d ON d.id = a.definition_id
          WHERE w.contractor_id = ? AND d.equipment_type = 'ONT'
            AND (? = 1 OR w.status NOT IN ('Complete', 'Closed'))
          ORDER BY w.id LIMIT 1`,
      )
      .get(companyId, anyStatus ? 1 : 0) as
      | { workOrderId: number; tag: string; latitude: number; longitude: number }
      | undefined;
    if (!row) throw new Error(`no open work order of company ${companyId} at a location with an ONT`);
    return row;
  } finally {
    db.close();
  }
}
