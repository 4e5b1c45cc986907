/**
 * The work order object (SPEC §3) and the views under /search/{WOId}. Every read starts with the installer's access
 * check (one owner query, access.ts) and then reads only what its view shows.
 */
import {
  byDistanceMiles,
  type CentralOffice,
  type Circuit,
  fullAddress,
  type GisObject,
  hasPlantConfigValues,
  type LocationAsset,
  type PhysicalPlantConfig,
  type SalesOrder,
  type ServiceLocation,
  type WorkOrderNote,
  type WorkOrderObject,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { Row } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { assertInstallerWorkOrder } from '../access/access.policy.js';
import { assertInstallerMayReach, type ReachedWorkOrder } from '../access/access.service.js';
import { sanitizeSalesOrderHtml } from './sales-order-html.js';
import * as repo from './work-orders.repository.js';

const missing = (workOrderId: number) => notFound(`There is no work order #${workOrderId}.`);

/** The config's values (a plant config row, or the work order home's row that carries its columns). */
export function plantConfigOf(row: Omit<Row<'physical_plant_configs'>, 'id' | 'order_id'>): PhysicalPlantConfig {
  return {
    splitterPort: { vcPortLabel: row.splitter_port_label, vcAssetDescription: row.splitter_asset_description },
    nIsFiberDropOnly: row.is_fiber_drop_only,
    vcCabinetLocation: row.cabinet_location,
    vcFiberSize: row.fiber_size,
    vcFiberSize2: row.fiber_size2,
    nExistingLogicalCircuitID: row.existing_logical_circuit_id,
    nExistingFiberDrop: row.existing_fiber_drop,
    vcFiberStrand: row.fiber_strand,
    vcFiberStrand2: row.fiber_strand2,
    nONTNumber: row.ont_number,
    vcFiberPort: row.fiber_port,
    vcHandHoleAddress: row.hand_hole_address,
    vcSplitterAssetID: row.splitter_asset_id,
  };
}

export async function getWorkOrderObject(ctx: AppContext, workOrderId: number): Promise<WorkOrderObject> {
  return (await loadWorkOrderObject(ctx, await assertInstallerMayReach(ctx, workOrderId))).object;
}

/** The work order object and the row it was made from, for a work order the installer was found to reach. */
export async function loadWorkOrderObject(
  ctx: AppContext,
  workOrder: ReachedWorkOrder,
): Promise<{ object: WorkOrderObject; row: repo.WorkOrderRow }> {
  const workOrderId = workOrder.id;
  const locationId = workOrder.service_location_id;
  const [wo, contacts, assignees] = await Promise.all([
    repo.findWorkOrderHome(ctx.db, workOrderId),
    locationId === null ? [] : repo.listLocationContacts(ctx.db, locationId),
    repo.listAssigneeNames(ctx.db, workOrderId),
  ]);
  if (!wo) throw missing(workOrderId);
  const object: WorkOrderObject = {
    WorkOrderID: wo.id,
    nServiceLocationID: locationId,
    ContactMethods: {
      contactMethodsArray: contacts.map((c) => ({
        ContactMethodID: c.id,
        ContactCategory: c.category,
        ContactName: c.name,
        Phone: c.phone,
        Phone2: c.phone2,
        Email: c.email,
      })),
    },
    Customer: { vcCustomerID: wo.customer_id, vcCustomerName: wo.customer_name, vcCustomerStatus: wo.customer_status },
    ServiceLocationDetails:
      locationId === null || wo.latitude === null || wo.longitude === null
        ? null
        : {
            fullAddress: fullAddress(wo) ?? '',
            ServiceLocationID: locationId,
            Latitude: wo.latitude,
            Longitude: wo.longitude,
          },
    WorkOrderType: { vcClass: wo.type_class, vcDescription: wo.type_description, vcViewFile: wo.type_view_file },
    WorkOrderDetails: { nCount: wo.detail_id, nOrderID: wo.order_id, dtLastUpdated: wo.last_updated },
    WorkOrderAssignments: assignees.map((a) => ({ Name: `${a.first_name} ${a.last_name}` })),
    WorkOrder: {
      vcColoArea: wo.colo_area,
      vcStatus: wo.status,
      vcSummary: wo.summary,
      vcNextScheduledName: wo.next_scheduled_name,
      vcNextScheduledTime: wo.next_scheduled_at,
      dtDueDate: wo.due_date,
    },
    SalesOrderDetails: wo.order_id === null ? null : { nOrderID: wo.order_id, txtNotes: wo.sales_order_notes },
    Counts: {
      circuits: Number(wo.circuit_count ?? 0),
      attachments: Number(wo.attachment_count ?? 0),
      notes: Number(wo.note_count ?? 0),
    },
    hasPhysicalPlantConfig: wo.plant_id === null ? false : hasPlantConfigValues(plantConfigOf(wo)),
  };
  return { object, row: wo };
}

export async function getNotes(ctx: AppContext, workOrderId: number): Promise<WorkOrderNote[]> {
  await assertInstallerMayReach(ctx, workOrderId);
  return (await repo.listNotes(ctx.db, workOrderId)).map((n) => ({
    nNoteID: n.id,
    vcAuthor: n.author,
    txtNote: n.body,
    dtCreated: n.created_at,
  }));
}

export async function getServiceLocation(ctx: AppContext, workOrderId: number): Promise<ServiceLocation | null> {
  const workOrder = await assertInstallerMayReach(ctx, workOrderId);
  const locationId = workOrder.service_location_id;
  if (locationId === null) return null;
  const [location, packages] = await Promise.all([
    repo.findWorkOrderLocation(ctx.db, workOrderId),
    repo.listLocationPackages(ctx.db, locationId),
  ]);
  if (!location) throw missing(workOrderId);
  if (location.latitude === null || location.longitude === null) return null;
  return {
    nOrderID: location.order_id,
    fullAddress: fullAddress(location) ?? '',
    ServiceLocationID: locationId,
    Latitude: location.latitude,
    Longitude: location.longitude,
    Packages: packages.map((p) => ({
      PackageID: p.package_id,
      MasterID: p.master_id,
      PackageName: p.name,
      StartDate: p.start_date,
      LastInvoiced: p.last_invoiced,
      Active: p.active === 1 ? '1' : '0',
    })),
  };
}

export async function getLocationAssets(ctx: AppContext, workOrderId: number): Promise<LocationAsset[]> {
  const workOrder = await assertInstallerMayReach(ctx, workOrderId);
  if (workOrder.service_location_id === null) return [];
  return (await repo.listLocationAssets(ctx.db, workOrder.service_location_id)).map((a) => ({
    nAssetID: a.id,
    vcAssetID: a.asset_tag,
    vcAssetDescription: a.description,
    vcEquipmentDescription: a.equipment_description,
    vcEquipmentMaker: a.maker,
    vcModel: a.model,
    vcStatus: a.status,
    vcSerialNumber: a.serial_number,
    vcMACAddress: a.mac_address,
    nHardwareType: a.hardware_type,
  }));
}

export async function getSalesOrder(ctx: AppContext, workOrderId: number): Promise<SalesOrder> {
  await assertInstallerMayReach(ctx, workOrderId);
  const order = await repo.findSalesOrderOfWorkOrder(ctx.db, workOrderId);
  if (!order) throw notFound(`Work order #${workOrderId} has no sales order.`);
  return { nOrderID: order.id, txtNotes: order.notes, html: sanitizeSalesOrderHtml(order.html ?? '') };
}

export async function getPlantConfig(ctx: AppContext, workOrderId: number): Promise<PhysicalPlantConfig | null> {
  await assertInstallerMayReach(ctx, workOrderId);
  const row = await repo.findPlantConfigOfWorkOrder(ctx.db, workOrderId);
  return row ? plantConfigOf(row) : null;
}

export async function getCircuits(ctx: AppContext, workOrderId: number): Promise<Circuit[]> {
  const workOrder = await assertInstallerMayReach(ctx, workOrderId);
  if (workOrder.service_location_id === null) return [];
  return (await repo.listCircuits(ctx.db, workOrder.service_location_id)).map((c) => ({
    nRecordID: c.id,
    vcProduct: c.product,
    vcCircuitID: c.circuit_code,
    CircuitDescription: c.description,
  }));
}

/** The central offices, nearest to the service location first (SPEC §9: great-circle miles, radius 3956). */
export async function getCentralOffices(ctx: AppContext, workOrderId: number): Promise<CentralOffice[]> {
  const workOrder = await assertInstallerMayReach(ctx, workOrderId);
  const [location, offices] = await Promise.all([
    workOrder.service_location_id === null ? undefined : repo.findWorkOrderLocation(ctx.db, workOrderId),
    repo.listCentralOffices(ctx.db),
  ]);
  if (!location || location.latitude === null || location.longitude === null) {
    throw notFound(`Work order #${workOrderId} has no service location.`);
  }
  return byDistanceMiles({ latitude: location.latitude, longitude: location.longitude }, offices).map((co) => ({
    nCOID: co.id,
    vcName: co.name,
    vcKind: co.kind,
    vcAddress: `${co.address}, ${co.city}, ${co.state} ${co.zip}`,
    Latitude: co.latitude,
    Longitude: co.longitude,
    nDistanceMiles: co.miles,
  }));
}

/**
 * The GIS link's view object id by order id and work-order detail id; null when the order has no GIS object. The
 * work order is found by another key here, so its own row carries the owner column and the policy judges it.
 */
export async function getGisObject(ctx: AppContext, orderId: number, detailId: number): Promise<GisObject> {
  const row = await repo.findGisObject(ctx.db, orderId, detailId);
  if (!row) throw notFound('No work order has that order id and detail id.');
  assertInstallerWorkOrder(row, row.id);
  return { viewObjectId: row.gis_object_id };
}
