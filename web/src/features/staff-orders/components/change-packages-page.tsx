import { type StaffChangeOptions, staffHolds } from '@strand/domain';
import { Link, useNavigate, useParams } from 'react-router';
import { paths, staffOrderPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { ChangePackagesForm } from '../../../lib/change-packages-form';
import { popup } from '../../../lib/popup-store';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useStaffChangeOptions, useStaffPlaceChange } from '../api/staff-orders';
import '../../../styles/customer.css';
import '../../../styles/orders.css';

/**
 * /staff/orders/change/:serviceLocationId: sales change a customer's packages on the phone, with the customer's own
 * form and rules (lib/change-packages-form); the change is sent naming the account the page showed.
 */
export function StaffChangePackagesPage() {
  usePageTitle('Change packages');
  const { claims } = useSession();
  const id = Number(useParams().serviceLocationId);
  const valid = Number.isInteger(id) && id > 0;
  const mayChange = claims?.nStaff === 1 && staffHolds(claims.staffRoles, 'sales');
  return (
    <section className="page page--wide stack" aria-labelledby="change-heading">
      <p>
        <Link to={paths.staffOrders}>← Orders</Link>
      </p>
      <h1 id="change-heading">Change packages</h1>
      {!mayChange ? (
        <p className="page__lead">Sales staff change packages. Sign in with a sales staff account.</p>
      ) : valid ? (
        <StaffChange serviceLocationId={id} />
      ) : (
        <EmptyState>There is no such service location.</EmptyState>
      )}
    </section>
  );
}

function StaffChange({ serviceLocationId }: { serviceLocationId: number }) {
  const options = useStaffChangeOptions(serviceLocationId);
  if (options.isPending) return <Skeleton label="Loading the packages of this location…" />;
  if (options.isError) return <FormAlert message={errorMessage(options.error)} />;
  return <ChangeFor options={options.data} />;
}

function ChangeFor({ options }: { options: StaffChangeOptions }) {
  const navigate = useNavigate();
  const place = useStaffPlaceChange();
  const who = `${options.customerName} (${options.vcCustomerID})`;
  if (options.openOrderId !== null) {
    return (
      <EmptyState>
        Order {options.openOrderId} of {who} at {options.fullAddress} is still in progress.{' '}
        <Link to={staffOrderPath(options.openOrderId)}>Open the order</Link>: packages change once it is done or
        cancelled.
      </EmptyState>
    );
  }
  return (
    <>
      <p className="page__lead">On behalf of {who}.</p>
      <ChangePackagesForm
        options={options}
        voice="staff"
        labelledBy="change-heading"
        pending={place.isPending}
        place={(request, key) =>
          place.mutateAsync({ request: { ...request, vcCustomerID: options.vcCustomerID }, key })
        }
        onPlaced={(result) => {
          popup.show(
            result.paidCents > 0
              ? `Order ${result.orderId} placed and paid: the new drop and the install are planned`
              : result.needsVisit
                ? `Order ${result.orderId} placed: the ONT upgrade visit is booked`
                : `Packages changed for ${options.customerName}`,
          );
          navigate(staffOrderPath(result.orderId));
        }}
      />
    </>
  );
}
