/**
 * The buttons of the work order home (SPEC §2), in SPEC's order, each with its visibility rule. A later area adds
 * its button here next to its route: Download (offline save, hidden once saved), Upload a Photo (/photo). Circuit Stats opens the circuit list, whose entries lead on to each circuit's stats.
 */
import { showsCircuitStatsButton, showsGisObjectButton, type WorkOrderObject } from '@strand/domain';

export interface ActionContext {
  workOrder: WorkOrderObject;
  /** The GIS link's view object id, once looked up (null: none, undefined: not known yet). */
  viewObjectId: string | null | undefined;
}

export interface WorkOrderAction {
  key: string;
  label: string;
  /** Relative to /search/{WOId}. */
  to(ctx: ActionContext): string;
  visible(ctx: ActionContext): boolean;
  /** Warns 'Limited Functionality While Offline' when offline. */
  offlineWarning?: boolean;
}

const hasLocation = ({ workOrder }: ActionContext) => workOrder.ServiceLocationDetails !== null;
const always = () => true;

export const WORK_ORDER_ACTIONS: readonly WorkOrderAction[] = [
  {
    key: 'salesOrder',
    label: 'Sales Order',
    to: () => 'salesOrder',
    visible: ({ workOrder }) => workOrder.SalesOrderDetails !== null,
    offlineWarning: true,
  },
  {
    key: 'gisObject',
    label: 'GIS Object map',
    to: ({ viewObjectId }) => `arcGISMap?gisObject=${encodeURIComponent(viewObjectId ?? '')}`,
    visible: ({ workOrder, viewObjectId }) =>
      hasLocation({ workOrder, viewObjectId }) &&
      showsGisObjectButton({
        viewObjectId,
        vcClass: workOrder.WorkOrderType.vcClass,
        attachmentCount: workOrder.Counts.attachments,
      }),
  },
  { key: 'contacts', label: 'Contacts', to: () => 'contacts', visible: always },
  { key: 'serviceLocation', label: 'Service Location', to: () => 'serviceLocation', visible: always },
  { key: 'arcGISMap', label: 'ArcGIS MAP', to: () => 'arcGISMap', visible: hasLocation, offlineWarning: true },
  { key: 'checklist', label: 'Checklist', to: () => 'checkList', visible: always },
  {
    key: 'circuitStats',
    label: 'Circuit Stats',
    to: () => 'circuitStats',
    visible: ({ workOrder }) => showsCircuitStatsButton(workOrder.Counts.circuits),
  },
  { key: 'attachments', label: 'Attachments', to: () => 'attachments', visible: always },
  { key: 'notes', label: 'Notes', to: () => 'notes', visible: always },
  { key: 'viewPDF', label: 'View PDF', to: () => 'viewPDF', visible: always },
  // Download (issue 5) is a button, shown by the home just before Upload a Photo.
  { key: 'photo', label: 'Upload a Photo', to: () => 'photo', visible: always },
  {
    key: 'physicalPlantConfig',
    label: 'Physical Plant Configs',
    to: () => 'physicalPlantConfig',
    visible: ({ workOrder }) => workOrder.hasPhysicalPlantConfig,
  },
  { key: 'directions', label: 'Directions', to: () => 'directions', visible: hasLocation, offlineWarning: true },
  { key: 'colocations', label: 'View C.O. Map', to: () => 'colocations', visible: hasLocation },
];
