import { circuitStatRows, SIGNAL_STATUS_TEXT } from '@strand/domain';
import { useParams } from 'react-router';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { assetPaths, useCircuitStats } from '../api/assets';
import { AssetFrame, LoadState, numberParam } from './asset-frame';
import { ToneTest } from './tone-test-modal';

/**
 * /search/{WOId}/circuitStats/{socketRecordID}: live stats read from the OLT, and the tone test. Each stat shows a
 * plain label, its value with its unit (dBm, MB/GB, m) and, for optical power, good/marginal/bad (issue 27).
 */
export function CircuitStatsPage() {
  const params = useParams();
  const WOId = numberParam(params.WOId);
  const circuitId = numberParam(params.socketRecordID);
  const stats = useCircuitStats(WOId, circuitId);
  const rows = circuitStatRows(stats.data?.stats ?? {});
  const s = stats.data?.stats;
  return (
    <AssetFrame title="Circuit Stats" WOId={WOId} offlinePaths={[assetPaths.circuitStats(WOId, circuitId)]}>
      <LoadState isPending={stats.isPending} error={stats.error} what="the circuit stats" />
      {stats.data && rows.length === 0 && <EmptyState>No Circuit Stats Found</EmptyState>}
      {rows.length > 0 && (
        <div className="stack">
          <div className="card">
            <dl className="asset-fields">
              {rows.map((row) => (
                <div key={row.key} className="asset-field" data-key={row.key}>
                  <dt>{row.label}</dt>
                  <dd>
                    {row.value}
                    {row.status && (
                      <span className={`signal signal--${row.status}`}> {SIGNAL_STATUS_TEXT[row.status]}</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            <Button
              type="button"
              variant="secondary"
              onClick={() => void stats.refetch()}
              busy={stats.isFetching}
              busyText="Refreshing…"
            >
              Refresh
            </Button>
          </div>
          {s?.vcServerIP && s.nSlot && s.nPort && (
            <ToneTest
              target={{ WOId, circuitId, serverIP: s.vcServerIP, slot: Number(s.nSlot), port: Number(s.nPort) }}
              onDone={() => void stats.refetch()}
              state={s.ToneTest}
            />
          )}
        </div>
      )}
    </AssetFrame>
  );
}
