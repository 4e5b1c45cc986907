/**
 * The checklist registry: which form a work order's type opens (SPEC §2, chosen by the type's view file) and the
 * form's traits that the rules of SPEC §4 and §5 depend on. An unknown view file has no form ('Template not found').
 */
import { type ChecklistFamily, checklistFamilyOf } from '../work-order-types.js';
import { CHECKLIST_FIELDS, type ChecklistField } from './fields.js';

export interface ChecklistTypeInfo {
  viewFile: string;
  isBusiness: boolean;
  /** The base checklist's template type (each base type has its own). */
  templateType?: string | null;
}

export interface ChecklistForm {
  family: ChecklistFamily;
  viewFile: string;
  /** Stored in checklists.template: the base form's template type, otherwise the family. */
  templateType: string;
  title: string;
  fields: readonly ChecklistField[];
  /** Splice case rehang and aerial rehang (forms with splicing fields). */
  hasOneTimeOptions: boolean;
  /** The connectorized form lists assembly units and what they earn. */
  hasAssemblyUnits: boolean;
  /** Completing needs nDropTypeID: non-business drop construction and connectorized install (SPEC §5). */
  requiresDropTypeToComplete: boolean;
  /** The TV install needs a speed test URL on every save (SPEC §5). */
  requiresSpeedTestUrl: boolean;
  /** 'work-order': the 'Complete Work Order?' box; 'restoration': the yard complaint's own complete box. */
  completeBox: 'work-order' | 'restoration';
  /** The base form also counts Closed as complete (SPEC §4). */
  closedCountsAsComplete: boolean;
  /** The fields an installer's "Complete install" needs filled in (issue 27 item 8), in the form's order. */
  requiredToComplete: readonly string[];
}

/**
 * What an install must record before it is completed (issue 27 item 8): the light level at the ONT and the speed
 * test that shows the service works.
 */
export const INSTALL_REQUIRED_TO_COMPLETE = ['vcLightSignalStrength', 'txtSpeedTestURL'] as const;

const TITLES: Record<ChecklistFamily, string> = {
  construction: 'Drop construction checklist',
  install: 'Install checklist',
  'site-survey': 'Site survey checklist',
  splicing: 'Splicing checklist',
  'tv-install': 'TV install checklist',
  base: 'Base checklist',
  coiled: 'Coiled drop checklist',
  connectorized: 'Connectorized install checklist',
  'yard-complaint': 'Yard complaint checklist',
  'colo-install': 'Colo install checklist',
};

export function checklistFormFor(type: ChecklistTypeInfo): ChecklistForm | null {
  const family = checklistFamilyOf(type.viewFile);
  if (!family) return null;
  return {
    family,
    viewFile: type.viewFile,
    templateType: family === 'base' ? (type.templateType ?? 'base') : family,
    title: TITLES[family],
    fields: CHECKLIST_FIELDS[family],
    hasOneTimeOptions: family === 'splicing' || family === 'connectorized',
    hasAssemblyUnits: family === 'connectorized',
    requiresDropTypeToComplete: (family === 'construction' && !type.isBusiness) || family === 'connectorized',
    requiresSpeedTestUrl: family === 'tv-install',
    completeBox: family === 'yard-complaint' ? 'restoration' : 'work-order',
    closedCountsAsComplete: family === 'base',
    requiredToComplete: family === 'install' ? INSTALL_REQUIRED_TO_COMPLETE : [],
  };
}
