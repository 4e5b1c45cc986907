import { type Contact, contactSummary, directionsUrl, dispatchLocalDate, formatPhone, isOverdue } from '@strand/domain';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatDay, formatMoment } from '../../../lib/format';
import { lastSearchPath } from '../../../lib/last-search';
import { Slot } from '../../../lib/slots';
import { ButtonAnchor } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { Camera, ClipboardList, Navigation, Phone, ScanLine } from '../../../lib/ui/icons';
import { usePageTitle } from '../../../lib/ui/page-title';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useGisObject, useNotes } from '../api/work-order';
import { OFFLINE_WARNING, useOnline } from '../lib/use-online';
import { OnMyWayButton } from './on-my-way-button';
import { ACTION_GROUPS, WORK_ORDER_ACTIONS } from './work-order-actions';
import { useWorkOrderContext } from './work-order-layout';

/** The phone numbers of the contacts, each once, with whose they are. */
function phonesOf(contacts: readonly Contact[]): { name: string; phone: string }[] {
  const seen = new Set<string>();
  return contacts.flatMap((c) =>
    [c.Phone, c.Phone2]
      .filter((phone): phone is string => Boolean(phone) && !seen.has(phone ?? '') && Boolean(seen.add(phone ?? '')))
      .map((phone) => ({ name: c.ContactName, phone })),
  );
}

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * /search/{WOId}: one clear next step (issue 27). A header card with what the installer needs at the door (customer,
 * tappable address, status, the visit's time), a row of main actions within the first screen of a phone, then the
 * phones and notes such as hazards, every view of SPEC §2 grouped under plain names, and the details.
 */
export function WorkOrderHome() {
  const { workOrder: wo } = useWorkOrderContext();
  const online = useOnline();
  const gis = useGisObject(wo.WorkOrderDetails.nOrderID, wo.WorkOrderDetails.nCount);
  const notes = useNotes(wo.WorkOrderID);
  usePageTitle(`Work Order #${wo.WorkOrderID}`);
  const ctx = { workOrder: wo, viewObjectId: gis.data?.viewObjectId };
  const actions = WORK_ORDER_ACTIONS.filter((action) => action.visible(ctx));
  const contacts = wo.ContactMethods.contactMethodsArray;
  const phones = phonesOf(contacts);
  const assigned = wo.WorkOrderAssignments;
  const location = wo.ServiceLocationDetails;
  const navigateTo = location ? directionsUrl({ latitude: location.Latitude, longitude: location.Longitude }) : null;
  const overdue = isOverdue(wo.WorkOrder.dtDueDate, wo.WorkOrder.vcStatus, dispatchLocalDate(new Date()));

  const facts: [string, ReactNode][] = [
    ['Last updated', formatDateTime(wo.WorkOrderDetails.dtLastUpdated)],
    ['Customer', wo.Customer.vcCustomerName],
    ['Address', location?.fullAddress ?? 'No Service Location found'],
    ['Contacts', contactSummary(contacts)],
    ['Customer status', <StatusBadge key="customer" status={wo.Customer.vcCustomerStatus} />],
    ['Colo area', wo.WorkOrder.vcColoArea ?? '—'],
    ['Work order type', wo.WorkOrderType.vcDescription],
    ['Due date', wo.WorkOrder.dtDueDate ? formatDay(wo.WorkOrder.dtDueDate) : '—'],
  ];

  return (
    <section className="page page--wide" aria-labelledby="wo-heading">
      <p className="wo-eyebrow">
        {wo.WorkOrderType.vcDescription} ·{' '}
        <Link to={lastSearchPath()} className="wo-back-link">
          Go back to search results
        </Link>
      </p>
      <h1 id="wo-heading">Work Order #{wo.WorkOrderID}</h1>

      <div className="card wo-header">
        <p className="wo-header__customer">
          <strong>{wo.Customer.vcCustomerName}</strong> <StatusBadge status={wo.WorkOrder.vcStatus} />
          {overdue && <StatusBadge status="Overdue" />}
        </p>
        {location && navigateTo ? (
          <a className="wo-header__address" href={navigateTo} target="_blank" rel="noreferrer">
            {location.fullAddress}
            <span className="visually-hidden"> (opens navigation)</span>
          </a>
        ) : (
          <p>No Service Location found</p>
        )}
        <p className="wo-header__when">
          {wo.WorkOrder.vcNextScheduledTime
            ? `${wo.WorkOrder.vcNextScheduledName ?? 'Visit'}: ${formatMoment(wo.WorkOrder.vcNextScheduledTime)}`
            : 'No visit scheduled'}
        </p>
      </div>

      <nav className="wo-main-actions" aria-label="Main actions">
        {navigateTo && (
          <ButtonAnchor
            variant="primary"
            href={navigateTo}
            target="_blank"
            rel="noreferrer"
            icon={<Navigation className="icon" />}
          >
            Navigate
          </ButtonAnchor>
        )}
        {phones[0] && (
          <ButtonAnchor variant="secondary" href={telOf(phones[0].phone)} icon={<Phone className="icon" />}>
            Call
          </ButtonAnchor>
        )}
        <ButtonLink variant="secondary" to="checkList" icon={<ClipboardList className="icon" />}>
          Checklist
        </ButtonLink>
        <ButtonLink variant="secondary" to="photo" icon={<Camera className="icon" />}>
          Photo
        </ButtonLink>
        <ButtonLink variant="secondary" to="/scanAsset" icon={<ScanLine className="icon" />}>
          Scan
        </ButtonLink>
      </nav>
      <OnMyWayButton workOrderId={wo.WorkOrderID} online={online} />
      {(phones.length > 0 || wo.WorkOrder.vcSummary || (notes.data?.length ?? 0) > 0) && (
        <div className="card wo-header wo-header--door">
          {phones.length > 0 && (
            <ul className="wo-header__phones" aria-label="Phone numbers">
              {phones.map((p) => (
                <li key={p.phone}>
                  <a href={telOf(p.phone)}>
                    {formatPhone(p.phone)}
                    <span className="muted">{p.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          {(wo.WorkOrder.vcSummary || (notes.data?.length ?? 0) > 0) && (
            <div className="wo-header__notes">
              <h2 className="section-title">Notes</h2>
              {wo.WorkOrder.vcSummary && <p>{wo.WorkOrder.vcSummary}</p>}
              {notes.data?.slice(0, 3).map((note) => (
                <p key={note.nNoteID}>{note.txtNote}</p>
              ))}
            </div>
          )}
        </div>
      )}

      <div className="wo-home">
        {/* Busy while the GIS lookup may still add the object's map. */}
        <nav className="wo-actions" aria-label="Work order" aria-busy={gis.isLoading || undefined}>
          {ACTION_GROUPS.map((group) => {
            const inGroup = actions.filter((action) => action.group === group);
            if (inGroup.length === 0) return null;
            return (
              <section key={group} aria-label={group}>
                <h2 className="section-title">{group}</h2>
                <ul>
                  {inGroup.map((action) => (
                    <Fragment key={action.key}>
                      {action.key === 'photo' && <Slot name="workOrderDownload" workOrderId={wo.WorkOrderID} />}
                      <li>
                        <ButtonLink variant="secondary" block to={action.to(ctx)}>
                          {action.label}
                        </ButtonLink>
                        {action.offlineWarning && !online && <span className="wo-offline">{OFFLINE_WARNING}</span>}
                      </li>
                    </Fragment>
                  ))}
                </ul>
              </section>
            );
          })}
        </nav>

        <div className="card wo-facts">
          <h2 className="section-title">Details</h2>
          <dl className="wo-dl">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h2 className="section-title">Assigned</h2>
          {assigned.length === 0 ? (
            <p>Nobody is assigned yet (pending).</p>
          ) : (
            <ul className="wo-assigned">
              {assigned.map((a) => (
                <li key={a.Name}>{a.Name}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
