import type { ChangeOptions } from '@strand/domain';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { ChangePackagesForm } from '../../../lib/change-packages-form';
import { popup } from '../../../lib/popup-store';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useChangeOptions, usePlaceChange } from '../api/orders';
import '../../../styles/customer.css';
import '../../../styles/orders.css';

/** /orders/change/{serviceLocationId}: add or remove packages at one of the account's locations. */
export function ChangePackagesPage() {
  usePageTitle('Change packages');
  const serviceLocationId = Number(useParams().serviceLocationId);
  const options = useChangeOptions(
    Number.isInteger(serviceLocationId) && serviceLocationId > 0 ? serviceLocationId : 0,
  );
  return (
    <section className="page page--wide stack" aria-labelledby="change-heading">
      <p>
        <Link to={paths.services}>Back to Services</Link> · <Link to={paths.orders}>Your orders</Link>
      </p>
      <h1 id="change-heading">Change packages</h1>
      {options.isPending && <Skeleton label="Loading the packages of this location…" />}
      {options.isError && <FormAlert message={errorMessage(options.error)} />}
      {options.data && <ChangeForm options={options.data} />}
    </section>
  );
}

function ChangeForm({ options }: { options: ChangeOptions }) {
  const navigate = useNavigate();
  const place = usePlaceChange();
  if (options.openOrderId !== null) {
    return (
      <EmptyState>
        Order #{options.openOrderId} at {options.fullAddress} is still in progress.{' '}
        <Link to={`/orders/${options.openOrderId}`}>Follow it</Link>; you can change packages once it is done or
        cancelled.
      </EmptyState>
    );
  }
  return (
    <ChangePackagesForm
      options={options}
      voice="customer"
      labelledBy="change-heading"
      pending={place.isPending}
      place={(request, key) => place.mutateAsync({ request, key })}
      onPlaced={(result) => {
        popup.show(
          result.paidCents > 0
            ? `Order #${result.orderId} placed and paid: the new drop and the install are planned`
            : result.needsVisit
              ? `Order #${result.orderId} placed: the ONT upgrade visit is booked`
              : 'Your packages are changed',
        );
        navigate(`/orders/${result.orderId}`);
      }}
    />
  );
}
