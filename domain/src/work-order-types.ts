/**
 * The work-order type catalogue (SPEC §2 "Onsite checklist forms", §3 WorkOrderType) and the rule that picks a
 * contractor checklist form from a type's view file. Pure data: the server seeds its work_order_types table from it
 * and the browser uses checklistFamilyOf to choose a form.
 */

/** The checklist forms of SPEC §2; 'base' is shared by four types that each carry their own template type. */
export type ChecklistFamily =
  | 'construction'
  | 'install'
  | 'site-survey'
  | 'splicing'
  | 'tv-install'
  | 'base'
  | 'coiled'
  | 'connectorized'
  | 'yard-complaint'
  | 'colo-install';

export interface WorkOrderTypeDefinition {
  id: number;
  /** vcDescription: the name users see and search by. */
  description: string;
  /** vcClass, e.g. WO_FiberSplicing. */
  vcClass: string;
  /** vcViewFile: picks the checklist form. */
  viewFile: string;
  /** Template type of the base checklist; null for every other form. */
  templateType: string | null;
  isBusiness: boolean;
}

const type = (
  id: number,
  description: string,
  vcClass: string,
  viewFile: string,
  isBusiness = false,
  templateType: string | null = null,
): WorkOrderTypeDefinition => ({ id, description, vcClass, viewFile, templateType, isBusiness });

export const WORK_ORDER_TYPES: readonly WorkOrderTypeDefinition[] = [
  type(1, 'Business Construction', 'WO_Construction', 'business_construction', true),
  type(2, 'Consumer Drop Construction', 'WO_Construction', 'consumer_drop_construction'),
  type(3, 'Bury Temp Drop', 'WO_Construction', 'bury_temp_drop'),
  type(4, 'Bury Hybrid Drop', 'WO_Construction', 'bury_hybrid_drop'),
  type(5, 'Business Install', 'WO_FiberInstall', 'business_install', true),
  type(6, 'Consumer Fiber Install', 'WO_FiberInstall', 'consumer_fiber_install'),
  type(7, 'Business Site Survey', 'WO_SiteSurvey', 'business_site_survey', true),
  type(8, 'Consumer Site Survey', 'WO_SiteSurvey', 'consumer_site_survey'),
  type(9, 'Business Splicing', 'WO_FiberSplicing', 'business_splicing', true),
  type(10, 'Consumer Splicing', 'WO_FiberSplicing', 'consumer_splicing'),
  type(11, 'MST Splicing', 'WO_FiberSplicing', 'mst_splicing'),
  type(12, 'Business TV Install', 'WO_TVInstall', 'business_tv_install', true),
  type(13, 'TV Install', 'WO_TVInstall', 'tv_install'),
  type(14, 'Backbone Splice', 'WO_BackboneSplice', 'backbone_splice', false, 'backbone-splice'),
  type(15, 'Splice Field Splitter', 'WO_FieldSplitter', 'splice_field_splitter', false, 'splice-field-splitter'),
  type(16, 'HPBX Site Survey', 'WO_HPBXSiteSurvey', 'hpbx_site_survey', true, 'hpbx-site-survey'),
  type(17, 'Special Request Work Order', 'WO_SpecialRequest', 'special_request_work_order', false, 'special-request'),
  type(18, 'Coiled Drop', 'WO_Construction', 'coiled_drop'),
  type(19, 'Connectorized Install', 'WO_FiberInstall', 'connectorized_install'),
  type(20, 'Yard Complaint', 'WO_YardComplaint', 'yard_complaint'),
  type(21, 'Residential Colo Install', 'WO_ColoInstall', 'residential_colo_install'),
  type(22, 'Business Colo Install', 'WO_ColoInstall', 'business_colo_install', true),
  type(23, 'Dispatch', 'WO_Dispatch', 'dispatch'),
  // Installers' business installs share the business install form.
  type(24, 'Business Fiber Install', 'WO_FiberInstall', 'business_install', true),
  // A retired type whose view file no checklist knows: the edit modal shows 'Template not found'.
  type(25, 'Legacy Pole Audit', 'WO_PoleAudit', 'legacy_pole_audit'),
];

/** SPEC §2: the checklist form of each view file. Any other view file has no form ('Template not found'). */
export const CHECKLIST_FAMILY_BY_VIEW_FILE: Readonly<Record<string, ChecklistFamily>> = {
  business_construction: 'construction',
  consumer_drop_construction: 'construction',
  bury_temp_drop: 'construction',
  bury_hybrid_drop: 'construction',
  business_install: 'install',
  consumer_fiber_install: 'install',
  business_site_survey: 'site-survey',
  consumer_site_survey: 'site-survey',
  business_splicing: 'splicing',
  consumer_splicing: 'splicing',
  mst_splicing: 'splicing',
  business_tv_install: 'tv-install',
  tv_install: 'tv-install',
  backbone_splice: 'base',
  splice_field_splitter: 'base',
  hpbx_site_survey: 'base',
  special_request_work_order: 'base',
  coiled_drop: 'coiled',
  connectorized_install: 'connectorized',
  yard_complaint: 'yard-complaint',
  residential_colo_install: 'colo-install',
  business_colo_install: 'colo-install',
  dispatch: 'colo-install',
};

export function checklistFamilyOf(viewFile: string | null | undefined): ChecklistFamily | null {
  if (!viewFile || !Object.hasOwn(CHECKLIST_FAMILY_BY_VIEW_FILE, viewFile)) return null;
  return CHECKLIST_FAMILY_BY_VIEW_FILE[viewFile] ?? null;
}

/** The 23 type descriptions that SPEC §2 maps to a checklist form (in catalogue order). */
export const CHECKLIST_WORK_ORDER_TYPES: readonly WorkOrderTypeDefinition[] = WORK_ORDER_TYPES.slice(0, 23);

export function workOrderTypeByDescription(description: string): WorkOrderTypeDefinition | undefined {
  return WORK_ORDER_TYPES.find((t) => t.description === description);
}
