import { statValueText, toneTestOidFor } from '@strand/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../lib/ui/button';
import { sendToneTest } from '../api/assets';

export interface ToneTarget {
  WOId: number;
  circuitId: number;
  serverIP: string;
  slot: number;
  port: number;
}

/**
 * The tone test (SPEC §4): start a loop ('1') or network ('2') test; a modal shows 'Test is running...' with Stop
 * test. Stopping sends '3', and so does closing the modal any other way (Escape).
 */
export function ToneTest({ target, state, onDone }: { target: ToneTarget; state?: string; onDone?: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [running, setRunning] = useState<'1' | '2' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The outcome in a sentence, then what the OLT reports for the port once the stats are read again (issue 27).
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = (testType: '1' | '2' | '3') =>
    sendToneTest(target.WOId, target.circuitId, {
      testType,
      serverIP: target.serverIP,
      port: target.port,
      slot: target.slot,
      oID: toneTestOidFor(target.slot, target.port),
    });

  const start = async (testType: '1' | '2') => {
    setBusy(true);
    setError(null);
    try {
      await send(testType);
      setRunning(testType);
      setResult(
        `The ${testType === '2' ? 'network' : 'loop'} test started on slot ${target.slot}, port ${target.port}.`,
      );
      onDone?.();
      dialog.current?.showModal();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    if (dialog.current?.open) dialog.current.close();
  };

  // Every way the modal closes (Stop test, Escape) ends the test on the OLT.
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onClose = () => {
      setRunning(null);
      send('3')
        .then(() => {
          setResult('The tone test stopped.');
          onDone?.();
        })
        .catch((err) => setError(errorMessage(err)));
    };
    el.addEventListener('close', onClose);
    return () => el.removeEventListener('close', onClose);
  });

  // Leaving the page while a test runs stops it too.
  const latestSend = useRef(send);
  latestSend.current = send;
  useEffect(() => {
    const el = dialog.current;
    return () => {
      if (el?.open) void latestSend.current('3').catch(() => undefined);
    };
  }, []);

  return (
    <section className="tone-test" aria-labelledby="tone-heading">
      <h2 id="tone-heading">Tone test</h2>
      <div className="actions">
        <Button type="button" disabled={busy} onClick={() => void start('1')}>
          Start loop test
        </Button>
        <Button type="button" disabled={busy} onClick={() => void start('2')}>
          Start network test
        </Button>
      </div>
      <p className="muted" role="status">
        {result}
        {result && state ? ` The OLT reports: ${statValueText('ToneTest', state)}.` : ''}
      </p>
      {error && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <dialog ref={dialog} className="tone-dialog" aria-labelledby="tone-running">
        <p id="tone-running" className="asset-title">
          Test is running...
        </p>
        <p className="muted">
          {running === '2' ? 'Network' : 'Loop'} test on {target.serverIP}, slot {target.slot}, port {target.port}
        </p>
        <Button type="button" onClick={() => void stop()}>
          Stop test
        </Button>
      </dialog>
    </section>
  );
}
