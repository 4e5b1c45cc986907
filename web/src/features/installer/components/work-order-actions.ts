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

/** The plain-named groups the home lists the views under (issue 27), in this order. */
export const ACTION_GROUPS = ['Customer', 'Maps', 'Equipment', 'Network', 'Documents'] as const;
export type ActionGroup = (typeof ACTION_GROUPS)[number];

export interface WorkOrderAction {
  key: string;
  /** Plain words: SPEC's "ArcGIS MAP", "GIS Object map" and "Physical Plant Configs" read as what they show. */
  label: string;
  group: ActionGroup;
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
    group: 'Customer',
    to: () => 'salesOrder',
    visible: ({ workOrder }) => workOrder.SalesOrderDetails !== null,
    offlineWarning: true,
  },
  {
    key: 'gisObject',
    label: 'This object on the map',
    group: 'Maps',
    to: ({ viewObjectId }) => `arcGISMap?gisObject=${encodeURIComponent(viewObjectId ?? '')}`,
    visible: ({ workOrder, viewObjectId }) =>
      hasLocation({ workOrder, viewObjectId }) &&
      showsGisObjectButton({
        viewObjectId,
        vcClass: workOrder.WorkOrderType.vcClass,
        attachmentCount: workOrder.Counts.attachments,
      }),
  },
  { key: 'contacts', label: 'Contacts', group: 'Customer', to: () => 'contacts', visible: always },
  {
    key: 'serviceLocation',
    label: 'Service Location',
    group: 'Equipment',
    to: () => 'serviceLocation',
    visible: always,
  },
  {
    key: 'arcGISMap',
    label: 'Area map',
    group: 'Maps',
    to: () => 'arcGISMap',
    visible: hasLocation,
    offlineWarning: true,
  },
  { key: 'checklist', label: 'Checklist', group: 'Documents', to: () => 'checkList', visible: always },
  {
    key: 'circuitStats',
    label: 'Circuit Stats',
    group: 'Network',
    to: () => 'circuitStats',
    visible: ({ workOrder }) => showsCircuitStatsButton(workOrder.Counts.circuits),
  },
  { key: 'attachments', label: 'Attachments', group: 'Documents', to: () => 'attachments', visible: always },
  { key: 'notes', label: 'Notes', group: 'Customer', to: () => 'notes', visible: always },
  { key: 'viewPDF', label: 'View PDF', group: 'Documents', to: () => 'viewPDF', visible: always },
  // Download (issue 5) is a button, shown by the home just before Upload a Photo.
  { key: 'photo', label: 'Upload a Photo', group: 'Documents', to: () => 'photo', visible: always },
  {
    key: 'physicalPlantConfig',
    label: 'Fiber and splitter setup',
    group: 'Equipment',
    to: () => 'physicalPlantConfig',
    visible: ({ workOrder }) => workOrder.hasPhysicalPlantConfig,
  },
  {
    key: 'directions',
    label: 'Directions',
    group: 'Maps',
    to: () => 'directions',
    visible: hasLocation,
    offlineWarning: true,
  },
  { key: 'colocations', label: 'View C.O. Map', group: 'Maps', to: () => 'colocations', visible: hasLocation },
];
