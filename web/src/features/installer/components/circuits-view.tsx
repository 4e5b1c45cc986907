import { Link } from 'react-router';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useCircuits } from '../api/work-order';
import { useWorkOrderContext } from './work-order-layout';
import { QueryState, WorkOrderView } from './work-order-view';

/** /search/{WOId}/circuitStats: the circuits of the service location (each circuit's stats are the equipment area's). */
export function CircuitsView() {
  const { workOrder } = useWorkOrderContext();
  const circuits = useCircuits(workOrder.WorkOrderID);
  return (
    <WorkOrderView title="Circuits">
      <QueryState isPending={circuits.isPending} error={circuits.error} what="the circuits" />
      {circuits.data?.length === 0 && <EmptyState>No Circuits Found</EmptyState>}
      {circuits.data && circuits.data.length > 0 && (
        <ul className="wo-cards">
          {circuits.data.map((c) => (
            <li key={c.nRecordID} className="card wo-card">
              <p className="wo-card__title">
                <Link to={`/search/${workOrder.WorkOrderID}/circuitStats/${c.nRecordID}`}>
                  {c.vcProduct} · {c.vcCircuitID}
                </Link>
              </p>
              <p>{c.CircuitDescription}</p>
            </li>
          ))}
        </ul>
      )}
    </WorkOrderView>
  );
}
