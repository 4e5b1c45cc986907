/** Who reads timelines: every staff role reads any subject's; a customer session reads its own account's only. */
import { forbidden } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';

export function assertStaff(viewer: Viewer): Viewer {
  if (viewer.staffRoles.length === 0 || viewer.superUser) throw forbidden('Only staff read timelines.');
  return viewer;
}

const PHRASES: [RegExp, string][] = [
  [/autopay\.activate$/, 'Autopay turned on'],
  [/autopay\.deactivate$/, 'Autopay turned off'],
  [/billing\.paperless$/, 'Paperless billing changed'],
  [/payment-method\.add$/, 'Payment method added'],
  [/payment-method\.delete$/, 'Payment method removed'],
  [/payment\.completed$/, 'Payment made'],
  [/payment\./, 'Payment updated'],
  [/contact\.add$/, 'Contact added'],
  [/contact\.edit$/, 'Contact changed'],
  [/contact\.delete$/, 'Contact removed'],
  [/contact\./, 'Contact locations changed'],
  [/user\.add$/, 'User added'],
  [/user\.update$/, 'User changed'],
  [/user\.permissions$/, 'User permissions changed'],
  [/mailing-address\.update$/, 'Mailing address changed'],
  [/order\.placed$/, 'Order placed'],
  [/order\.cancel/, 'Order cancelled'],
  [/order\.activate$/, 'Service activated'],
  [/order\.status$/, 'Order status changed'],
  [/order\.note$/, 'Note added to the order'],
  [/order\.change$/, 'Order changed'],
  [/order\.override$/, 'Order step overridden by staff'],
  [/dispatch\.schedule$/, 'Work scheduled'],
  [/dispatch\.assign$/, 'Work assigned'],
  [/installer\.on_my_way$/, 'Installer on the way (customer told)'],
  [/acknowledge\.withdraw$/, 'Acknowledgement withdrawn'],
  [/contractor\.acknowledge$/, 'Work order acknowledged'],
  [/assembly-unit\.add$/, 'Assembly unit added'],
  [/assembly-unit\.remove$/, 'Assembly unit removed'],
  [/checklist\.save$/, 'Checklist saved'],
  [/contractor\.upload$/, 'Files uploaded'],
  [/installer\.photos$/, 'Photos uploaded'],
  [/checklist\.complete$/, 'Checklist completed'],
  [/trouble-ticket\.submit$/, 'Trouble ticket opened'],
  [/trouble-ticket\.reply$/, 'Reply added to a trouble ticket'],
  [/trouble-ticket\.answer$/, 'Trouble ticket answered'],
  [/business-center\.create$/, 'Business-center request sent'],
  [/^register$/, 'Online account registered'],
  [/super-login$/, 'Staff signed in to help with the account'],
  [/super-link-issued$/, 'Staff prepared a help sign-in link'],
  [/make-business$/, 'Account made a business account'],
  [/auth-code\./, 'Authorization codes changed'],
  [/fax\./, 'Fax settings or faxes changed'],
  [/mailbox|email\./, 'Mailbox settings changed'],
];

/** An entry's action in plain words ("Autopay turned on"); the action itself when no phrase fits. */
export function summaryOf(action: string, detail: Record<string, unknown> | null): string {
  if (/billing\.paperless$/.test(action) && detail && typeof detail.paperless === 'boolean') {
    return detail.paperless ? 'Paperless billing turned on' : 'Paperless billing turned off';
  }
  return PHRASES.find(([re]) => re.test(action))?.[1] ?? action.replace(/[._-]/g, ' ');
}
