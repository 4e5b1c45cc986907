import { formatCents } from '@strand/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { ButtonLink } from '../../../lib/ui/button-link';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useServiceLocations } from '../api/services';

/** Each service location with its packages: name, price, since when, active or not (read-only). */
export function LocationsSection() {
  const locations = useServiceLocations(true);
  return (
    <section className="stack" aria-labelledby="locations-heading">
      <h2 id="locations-heading">Service locations</h2>
      <p className="actions">
        <ButtonLink to="/orders" variant="secondary">
          Orders
        </ButtonLink>
        <ButtonLink to={paths.order} variant="secondary">
          Order service for a new location
        </ButtonLink>
      </p>
      {locations.isPending && <Skeleton label="Loading service locations…" />}
      {locations.isError && <FormAlert message={errorMessage(locations.error)} />}
      {locations.data?.length === 0 && <EmptyState>No Service Location found</EmptyState>}
      <ul className="card-list">
        {locations.data?.map((l) => (
          <li key={l.ServiceLocationID}>
            <article className="card item-card" aria-labelledby={`location-${l.ServiceLocationID}`}>
              <h3 id={`location-${l.ServiceLocationID}`}>{l.fullAddress}</h3>
              {l.Packages.length === 0 ? (
                <p className="muted">No packages at this location.</p>
              ) : (
                <ul className="service-rows" aria-label={`Packages at ${l.fullAddress}`}>
                  {l.Packages.map((p) => (
                    <li key={`${p.PackageID}-${p.StartDate}`} className="service-row">
                      <span className="service-row__name">{p.PackageName}</span>
                      <span>{formatCents(p.priceCents)}</span>
                      <span className="muted">{p.StartDate ? `since ${formatDay(p.StartDate)}` : ''}</span>
                      <StatusBadge status={p.Active === '1' ? 'Active' : 'Inactive'} />
                    </li>
                  ))}
                </ul>
              )}
              <p>
                <ButtonLink to={`/orders/change/${l.ServiceLocationID}`} variant="secondary">
                  Change packages
                </ButtonLink>
              </p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
