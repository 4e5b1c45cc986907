/**
 * Which pieces of the customer home a user sees: the same permission categories as the pages they come from (bills
 * and autopay: "View bills"; the Pay button: "Pay bills"; locations and appointments: "Services"; tickets: "Trouble
 * tickets"). Notices were mailed to the account, so every user of it sees them. Pure: no I/O.
 */
import type { PermissionCategory } from '@strand/domain';

export interface HomePieces {
  billing: boolean;
  pay: boolean;
  services: boolean;
  tickets: boolean;
}

export function homePieces(permissions: ReadonlySet<PermissionCategory>): HomePieces {
  return {
    billing: permissions.has('billing-view'),
    pay: permissions.has('billing-view') && permissions.has('billing-pay'),
    services: permissions.has('services'),
    tickets: permissions.has('tickets'),
  };
}
