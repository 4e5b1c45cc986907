/**
 * Printable asset labels for the demo (Code 128 and QR, made with bwip-js) into docs/labels/: ONT-100001 and a few
 * stock ONTs, so the scanner can be tried on a phone or a printed sheet. Run with `npm run labels`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import bwipjs from 'bwip-js';

const TAGS = ['ONT-100001', 'ONT-STK-0001', 'ONT-STK-0002', 'ONT-STK-0003'];
const out = path.resolve(import.meta.dirname, '../docs/labels');
mkdirSync(out, { recursive: true });

for (const text of TAGS) {
  const code128 = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 12,
    includetext: true,
    textxalign: 'center',
    paddingwidth: 10,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  });
  const qr = await bwipjs.toBuffer({
    bcid: 'qrcode',
    text,
    scale: 6,
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  writeFileSync(path.join(out, `${text}-code128.png`), code128);
  writeFileSync(path.join(out, `${text}-qr.png`), qr);
  console.log(`docs/labels/${text}-code128.png, docs/labels/${text}-qr.png`);
}
