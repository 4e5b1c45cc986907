/** Helpers of the equipment area's browser tests: demo ids from the test database, label videos for the camera. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bwipjs from 'bwip-js/node';
import { type Row, withTestDb } from './db';

const here = path.dirname(fileURLToPath(import.meta.url));
export const LABELS = path.join(here, '..', '..', '..', 'docs', 'labels');

export async function assetIdOf(tag: string): Promise<number> {
  const row = await withTestDb((db) => db.get<{ id: number }>('SELECT id FROM assets WHERE asset_tag = ?', tag));
  if (!row) throw new Error(`no asset ${tag}`);
  return row.id;
}

export async function circuitIdOf(code: string): Promise<number> {
  const row = await withTestDb((db) => db.get<{ id: number }>('SELECT id FROM circuits WHERE circuit_code = ?', code));
  if (!row) throw new Error(`no circuit ${code}`);
  return row.id;
}

export interface EquipmentSnapshot {
  assets: Row[];
  circuits: Row[];
}

/** The rows a swap or upgrade changes, to put back afterwards so other tests still find ONT-100001 installed. */
export function snapshotEquipment(tags: string[]): Promise<EquipmentSnapshot> {
  return withTestDb(async (db) => {
    const marks = tags.map(() => '?').join(',');
    const assets = await db.all(`SELECT * FROM assets WHERE asset_tag IN (${marks})`, ...tags);
    const circuits = await db.all(
      `SELECT id, asset_id, port FROM circuits WHERE asset_id IN (${assets.map(() => '?').join(',')})`,
      ...assets.map((a) => a.id),
    );
    return { assets, circuits };
  });
}

export function restoreEquipment(snapshot: EquipmentSnapshot): Promise<void> {
  return withTestDb(
    async (db) => {
      for (const a of snapshot.assets) {
        await db.run(
          'UPDATE assets SET status = ?, service_location_id = ?, assigned_user_id = ?, noc_location_id = ? WHERE id = ?',
          a.status,
          a.service_location_id,
          a.assigned_user_id,
          a.noc_location_id,
          a.id,
        );
      }
      for (const c of snapshot.circuits)
        await db.run('UPDATE circuits SET asset_id = ?, port = ? WHERE id = ?', c.asset_id, c.port, c.id);
    },
    { transaction: true },
  );
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
export async function contractorWorkOrderWithOnt(
  companyId: number,
  anyStatus = false,
): Promise<{
  workOrderId: number;
  tag: string;
  latitude: number;
  longitude: number;
}> {
  const row = await withTestDb((db) =>
    db.get<{ workOrderId: number; tag: string; latitude: number; longitude: number }>(
      `SELECT w.id AS "workOrderId", a.asset_tag AS tag, l.latitude, l.longitude
         FROM work_orders w
         JOIN service_locations l ON l.id = w.service_location_id
         JOIN assets a ON a.service_location_id = l.id
         JOIN equipment_definitions d ON d.id = a.definition_id
        WHERE w.contractor_id = ? AND d.equipment_type = 'ONT'
          AND (? = 1 OR w.status NOT IN ('Complete', 'Closed'))
        ORDER BY w.id LIMIT 1`,
      companyId,
      anyStatus ? 1 : 0,
    ),
  );
  if (!row) throw new Error(`no open work order of company ${companyId} at a location with an ONT`);
  return row;
}
