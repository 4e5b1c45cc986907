import { formatPhone } from '@strand/domain';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useWorkOrderContext } from './work-order-layout';
import { WorkOrderView } from './work-order-view';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** /search/{WOId}/contacts: the contacts linked to the service location. */
export function ContactsView() {
  const { workOrder } = useWorkOrderContext();
  const contacts = workOrder.ContactMethods.contactMethodsArray;
  return (
    <WorkOrderView title="Contacts">
      {contacts.length === 0 ? (
        <EmptyState>No Contacts found</EmptyState>
      ) : (
        <ul className="wo-cards">
          {contacts.map((c) => (
            <li key={c.ContactMethodID} className="card wo-card">
              <p className="wo-card__title">{c.ContactName}</p>
              <p className="muted">{c.ContactCategory}</p>
              <ul className="wo-links">
                {c.Phone && (
                  <li>
                    <a href={telHref(c.Phone)}>{formatPhone(c.Phone)}</a>
                  </li>
                )}
                {c.Phone2 && (
                  <li>
                    <a href={telHref(c.Phone2)}>{formatPhone(c.Phone2)}</a>
                  </li>
                )}
                {c.Email && (
                  <li>
                    <a href={`mailto:${c.Email}`}>{c.Email}</a>
                  </li>
                )}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </WorkOrderView>
  );
}
