import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { isUnreachable } from '../../../lib/offline/offline-read';
import { saveAsset } from '../../../lib/saved-assets';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';
import { confirmActionRequest, takeAction, useAssetActions } from '../api/assets';

export const ACTIONS_FAILED =
  'Failed to fetch the asset actions. Could result from bad internet connection. Saved the asset in Saved Assets tab.';

interface Props {
  assetId: number;
  vcAssetID: string;
  WOId: number;
}

/** An action that takes the subscriber's service down or loses settings: red, and asked before it is sent. */
export const isDestructiveAction = (name: string) => /\b(reset|disable|deprovision|delete|remove|retire)\b/i.test(name);

type Message = { kind: 'ok'; lines: string[] } | { kind: 'error'; lines: string[] };

/**
 * The asset's available actions in a work order, each with Take Action (SPEC §2, §4). When the actions cannot be
 * fetched for want of a network or a server (status 0, timeouts, 5xx: the offline rules) the asset is saved on the
 * device (SPEC §8); when the server answered with a reason (403 not at the service location, 404), it is shown.
 */
export function AssetActions({ assetId, vcAssetID, WOId }: Props) {
  const actions = useAssetActions(assetId, WOId);
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [asking, setAsking] = useState<{ id: number; name: string; description: string } | null>(null);
  // One key per action press, kept while it is retried, so a retry never asks twice.
  const [keys] = useState(() => new Map<number, string>());

  const failed = isUnreachable(actions.error);
  useEffect(() => {
    if (failed) void saveAsset({ vcAssetID, WOId, nAssetId: assetId });
  }, [failed, vcAssetID, WOId, assetId]);

  const run = async (actionId: number) => {
    setBusy(actionId);
    setMessage(null);
    const key = keys.get(actionId) ?? crypto.randomUUID();
    keys.set(actionId, key);
    try {
      const raw = await takeAction(assetId, { ApplicationActionID: actionId, WorkOrderID: WOId }, key);
      const requestId = (raw as { RequestID?: unknown } | null)?.RequestID;
      if (typeof requestId !== 'number') {
        setMessage({ kind: 'error', lines: [JSON.stringify(raw)] });
        return;
      }
      keys.delete(actionId);
      const confirmed = await confirmActionRequest(requestId, WOId, vcAssetID);
      setMessage({
        kind: 'ok',
        lines: [
          'Action request received',
          'It may take a moment to process',
          `RequestID ${confirmed.RequestID} · WorkOrderID ${confirmed.WorkOrderID} · ${confirmed.vcAssetID} · ${confirmed.vcAction} (${confirmed.status})`,
        ],
      });
    } catch (err) {
      setMessage({ kind: 'error', lines: [errorMessage(err)] });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="asset-actions" aria-labelledby={`actions-${assetId}`}>
      <h2 id={`actions-${assetId}`}>Actions</h2>
      {actions.isPending && <Skeleton label="Loading the actions…" />}
      {actions.error && (
        <div className="alert alert--error" role="alert">
          {failed ? ACTIONS_FAILED : errorMessage(actions.error)}
        </div>
      )}
      {message && (
        <div className={`alert ${message.kind === 'ok' ? 'alert--success' : 'alert--error'}`} role="status">
          {message.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
        </div>
      )}
      {actions.data?.length === 0 && <EmptyState>No actions for this asset.</EmptyState>}
      {actions.data && actions.data.length > 0 && (
        <ul className="asset-action-list">
          {actions.data.map((a) => (
            <li key={a.nApplicationActionID} className="card asset-action">
              <div>
                <p className="asset-title">{a.vcAction}</p>
                <p className="muted">{a.txtActionDescription}</p>
              </div>
              <Button
                type="button"
                variant={isDestructiveAction(a.vcAction) ? 'destructive' : 'secondary'}
                disabled={busy !== null}
                busy={busy === a.nApplicationActionID}
                busyText="Sending…"
                onClick={() =>
                  isDestructiveAction(a.vcAction)
                    ? setAsking({ id: a.nApplicationActionID, name: a.vcAction, description: a.txtActionDescription })
                    : void run(a.nApplicationActionID)
                }
                aria-label={`Take Action: ${a.vcAction}`}
              >
                Take Action
              </Button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <LazyConfirmDialog
          message={`${asking.name} on ${vcAssetID}?`}
          yesLabel={`Yes, ${asking.name.toLowerCase()}`}
          noLabel="No, leave it"
          danger
          onYes={() => {
            const { id } = asking;
            setAsking(null);
            void run(id);
          }}
          onNo={() => setAsking(null)}
        >
          <p>{asking.description} It is sent to the equipment at once.</p>
        </LazyConfirmDialog>
      )}
    </section>
  );
}
