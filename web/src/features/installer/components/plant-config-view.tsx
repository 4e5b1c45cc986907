import { hasPlantConfigValues, type PhysicalPlantConfig, plantFlagText } from '@strand/domain';
import { useId, useState } from 'react';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { usePlantConfig } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

const ROWS: [string, (c: PhysicalPlantConfig) => string | null][] = [
  ['Fiber drop only', (c) => plantFlagText(c.nIsFiberDropOnly)],
  ['Cabinet location', (c) => c.vcCabinetLocation],
  ['Fiber size', (c) => c.vcFiberSize],
  ['Fiber size 2', (c) => c.vcFiberSize2],
  ['Fiber strand', (c) => c.vcFiberStrand],
  ['Fiber strand 2', (c) => c.vcFiberStrand2],
  ['Existing logical circuit', (c) => c.nExistingLogicalCircuitID],
  ['Existing fiber drop', (c) => plantFlagText(c.nExistingFiberDrop)],
  ['ONT number', (c) => c.nONTNumber],
  ['Fiber port', (c) => c.vcFiberPort],
  ['Hand hole address', (c) => c.vcHandHoleAddress],
];

/** /search/{WOId}/physicalPlantConfig: the plant config, flags as No/Yes, the splitter behind VIEW/HIDE SPLITTER. */
export function PlantConfigView() {
  const { workOrder } = useWorkOrderContext();
  const id = useId();
  const config = usePlantConfig(workOrder.WorkOrderID);
  const [splitter, setSplitter] = useState(false);
  const data = config.data;
  return (
    <WorkOrderView title="Physical Plant Config">
      <QueryState isPending={config.isPending} error={config.error} what="the physical plant config" />
      {config.isSuccess && !hasPlantConfigValues(data) && (
        <EmptyState>This work order has no physical plant config.</EmptyState>
      )}
      {data && hasPlantConfigValues(data) && (
        <div className="stack">
          <dl className="card wo-dl">
            {ROWS.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value(data) || '—'}</dd>
              </div>
            ))}
          </dl>
          <Button
            type="button"
            variant="secondary"
            aria-expanded={splitter}
            aria-controls={`${id}-splitter`}
            onClick={() => setSplitter((v) => !v)}
          >
            VIEW/HIDE SPLITTER
          </Button>
          <div id={`${id}-splitter`} hidden={!splitter}>
            <dl className="card wo-dl" aria-label="Splitter">
              <div>
                <dt>Splitter port</dt>
                <dd>{data.splitterPort.vcPortLabel ?? '—'}</dd>
              </div>
              <div>
                <dt>Splitter</dt>
                <dd>{data.splitterPort.vcAssetDescription ?? '—'}</dd>
              </div>
              <div>
                <dt>Splitter asset ID</dt>
                <dd>{data.vcSplitterAssetID ?? '—'}</dd>
              </div>
            </dl>
          </div>
        </div>
      )}
    </WorkOrderView>
  );
}
