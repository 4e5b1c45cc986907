import { AssetTagSchema } from '@strand/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { addAssetToLocation } from '../api/assets';
import '../../../styles/assets.css';
import { Button } from '../../../lib/ui/button';
import { Skeleton } from '../../../lib/ui/skeleton';

// The scanner (and its WebAssembly reader) loads only when the installer opens 'Add an asset'.
const BarcodeScanner = lazy(() => import('./barcode-scanner').then((m) => ({ default: m.BarcodeScanner })));

/** The service location's 'Add an asset' (SPEC §2): scan or type an asset from your stock and tie it to the location. */
export function AddAssetPanel({ WOId }: { WOId: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const add = async (raw: string) => {
    const parsed = AssetTagSchema.safeParse(raw);
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? 'Enter an asset id.' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const asset = await addAssetToLocation(WOId, parsed.data);
      setMessage({ ok: true, text: `${asset.vcAssetID} is now tied to this location.` });
      setText('');
      await queryClient.invalidateQueries({ queryKey: ['installer', 'work-order', WOId] });
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <div className="actions">
        <Button
          type="button"
          variant="secondary"
          aria-expanded={open}
          aria-controls={`${id}-add`}
          onClick={() => setOpen(!open)}
        >
          Add an asset
        </Button>
      </div>
      {open && (
        <form
          id={`${id}-add`}
          className="card stack"
          aria-label="Add an asset"
          onSubmit={(e) => {
            e.preventDefault();
            void add(text);
          }}
        >
          <Suspense fallback={<Skeleton label="Loading the scanner…" />}>
            <BarcodeScanner
              onRead={(code) => {
                setText(code);
                void add(code);
              }}
            />
          </Suspense>
          <div className="field">
            <label htmlFor={`${id}-tag`}>Asset ID</label>
            <input id={`${id}-tag`} value={text} autoComplete="off" onChange={(e) => setText(e.target.value)} />
          </div>
          <Button type="submit" disabled={busy} busy={busy} busyText="Adding…">
            Add to this location
          </Button>
          {message && (
            <div className={`alert ${message.ok ? 'alert--success' : 'alert--error'}`} role="status">
              {message.text}
            </div>
          )}
        </form>
      )}
    </div>
  );
}
