/** The contractor checklist texts of SPEC §2, §4, §5 and §8, used verbatim by the browser and the server. */

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const COMPLETE_WORK_ORDER_LABEL = 'Complete Work Order?';
export const UPDATED_SUCCESSFULLY = 'Updated successfully';
export const DROP_TYPE_REQUIRED = 'Please select a drop Type';
export const SPEED_TEST_URL_REQUIRED =
  "Oops, looks like you haven't attached the speed test URL yet, please put a proper value and try again.";
export const ASSETS_MOVED_QUESTION = 'Are you sure all assets are moved properly?';
export const ASSETS_MOVED_YES = 'Yes';
export const ASSETS_MOVED_NO = 'No, let me double check';

/** The server's answer to a completion that skipped the question above. */
export const ASSETS_MOVED_NOT_CONFIRMED =
  'Please confirm that all assets are moved properly before completing the work order.';
export const CHECKLIST_READ_ONLY = 'This work order is complete, so its checklist can no longer be changed.';
export const YARD_DATE_REQUIRED = 'Please enter the date the restoration was completed.';
export const YARD_DATE_WITHOUT_COMPLETE = 'Tick "Restoration complete?" to record a completion date.';
export const WORK_COMPLETE_BEFORE_ARRIVAL = 'Work complete must not be before arrival onsite.';
export const ONE_TIME_OPTIONS_NOT_ALLOWED = 'Rehang options belong to splicing checklists only.';
export const NO_WORK_ORDERS_FOUND = 'No Work Orders Found';
