/**
 * Barcode and QR reading through the standard BarcodeDetector API, with the `barcode-detector` ponyfill (ZXing-C++
 * in WebAssembly) underneath. Its .wasm is bundled and served from our own origin, never a CDN (the CSP allows
 * 'wasm-unsafe-eval' and nothing else); this module is loaded only by the scanning screens.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** SPEC §2: Code 128, Code 93, Code 39, ITF, Codabar and QR. */
export const SCAN_FORMATS = ['code_128', 'code_93', 'code_39', 'itf', 'codabar', 'qr_code'] as const;

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

let detector: BarcodeDetector | null = null;

function getDetector(): BarcodeDetector {
  detector ??= new BarcodeDetector({ formats: [...SCAN_FORMATS] });
  return detector;
}

/** The first code's text in a video frame, an image or a photo file; null when there is none. */
export async function readCode(source: HTMLVideoElement | Blob | ImageBitmap): Promise<string | null> {
  const found = await getDetector().detect(source);
  const text = found[0]?.rawValue.trim();
  return text ? text : null;
}
