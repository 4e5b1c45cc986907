import { directionsUrl } from '@strand/domain';
import { ButtonAnchor } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useWorkOrderContext } from './work-order-layout';
import { WorkOrderView } from './work-order-view';

/** /search/{WOId}/directions: an external navigation link to the service location's coordinates (SPEC §7). */
export function DirectionsView() {
  const { workOrder } = useWorkOrderContext();
  const place = workOrder.ServiceLocationDetails;
  return (
    <WorkOrderView title="Directions" offlineWarning>
      {!place ? (
        <EmptyState>No Service Location found</EmptyState>
      ) : (
        <div className="card stack">
          <p className="wo-card__title">{place.fullAddress}</p>
          <p className="muted">
            {place.Latitude}, {place.Longitude}
          </p>
          <ButtonAnchor
            href={directionsUrl({ latitude: place.Latitude, longitude: place.Longitude })}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open directions
          </ButtonAnchor>
        </div>
      )}
    </WorkOrderView>
  );
}
