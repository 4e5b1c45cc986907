import { SCANNER_POLL_MS } from '@strand/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, ButtonLabel } from '../../../lib/ui/button';
import { readCode } from '../lib/barcode';

export const NO_ENUMERATE = 'enumerateDevices() not supported.';

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/**
 * The camera scanner (SPEC §2, §4, §8): camera selection, an on/off toggle, a read every 100 ms until a code is
 * found; and a photo file for devices that refuse the camera. `onRead` gets the trimmed code.
 */
export function BarcodeScanner({ onRead }: { onRead(code: string): void }) {
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);

  const listCameras = useCallback(async () => {
    if (!navigator.mediaDevices?.enumerateDevices) {
      setError(NO_ENUMERATE);
      return;
    }
    try {
      const devices = await navigator.mediaDevices.enumerateDevices();
      const found = devices.filter((d) => d.kind === 'videoinput');
      setCameras(found);
      setCameraId((current) => current || found[0]?.deviceId || '');
    } catch (err) {
      setError(describe(err));
    }
  }, []);

  useEffect(() => {
    void listCameras();
  }, [listCameras]);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const code = video.current.readyState >= 2 ? await readCode(video.current) : null;
        if (code && !stopped) {
          onRead(code);
          setOn(false);
          return;
        }
      } catch (err) {
        setError(describe(err));
      }
      if (!stopped) timer = setTimeout(() => void tick(), SCANNER_POLL_MS);
    };
    (async () => {
      try {
        setError(null);
        stream = await navigator.mediaDevices.getUserMedia({
          video: cameraId ? { deviceId: { exact: cameraId } } : { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        // Labels are only known once a camera was allowed.
        void listCameras();
        void tick();
      } catch (err) {
        setError(describe(err));
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
  }, [on, cameraId, onRead, listCameras]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setFileNote(null);
    try {
      const code = await readCode(file);
      if (code) onRead(code);
      else setFileNote('No barcode or QR code found in that picture.');
    } catch (err) {
      setFileNote(describe(err));
    }
  };

  return (
    <div className="scanner stack">
      {cameras.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-camera`}>Camera</label>
          <select id={`${id}-camera`} value={cameraId} onChange={(e) => setCameraId(e.target.value)}>
            {cameras.map((c, i) => (
              <option key={c.deviceId || i} value={c.deviceId}>
                {c.label || `Camera ${i + 1}`}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="actions">
        <Button type="button" aria-pressed={on} onClick={() => setOn(!on)}>
          {on ? 'Turn camera off' : 'Use camera'}
        </Button>
        <ButtonLabel variant="secondary" className="scanner-file">
          Read a photo
          <input
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </ButtonLabel>
      </div>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      {fileNote && (
        <p className="muted" role="status">
          {fileNote}
        </p>
      )}
      <video ref={video} className="scanner-video" hidden={!on} muted playsInline aria-label="Camera preview" />
    </div>
  );
}
