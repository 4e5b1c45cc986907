import { useParams } from 'react-router';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { assetPaths, useCircuitStats } from '../api/assets';
import { AssetFrame, LoadState, numberParam } from './asset-frame';
import { ToneTest } from './tone-test-modal';

/** /search/{WOId}/circuitStats/{socketRecordID}: live stats read from the OLT, and the tone test. */
export function CircuitStatsPage() {
  const params = useParams();
  const WOId = numberParam(params.WOId);
  const circuitId = numberParam(params.socketRecordID);
  const stats = useCircuitStats(WOId, circuitId);
  const entries = Object.entries(stats.data?.stats ?? {});
  const s = stats.data?.stats;
  return (
    <AssetFrame title="Circuit Stats" WOId={WOId} offlinePaths={[assetPaths.circuitStats(WOId, circuitId)]}>
      <LoadState isPending={stats.isPending} error={stats.error} what="the circuit stats" />
      {stats.data && entries.length === 0 && <EmptyState>No Circuit Stats Found</EmptyState>}
      {entries.length > 0 && (
        <div className="stack">
          <div className="card">
            <dl className="asset-fields">
              {entries.map(([k, v]) => (
                <div key={k} className="asset-field">
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            <Button type="button" variant="secondary" onClick={() => void stats.refetch()}>
              {stats.isFetching ? 'Refreshing…' : 'Refresh'}
            </Button>
          </div>
          {s?.vcServerIP && s.nSlot && s.nPort && (
            <ToneTest
              target={{ WOId, circuitId, serverIP: s.vcServerIP, slot: Number(s.nSlot), port: Number(s.nPort) }}
            />
          )}
        </div>
      )}
    </AssetFrame>
  );
}
