/** Every route path of the app in one place (SPEC §2). Route patterns use React Router's `:param` and `*` syntax. */

export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  accountRecovery: '/accountRecovery',
  confirmEmail: '/confirmEmail',
  /** Check availability and order service (public; ordering, issue 12). */
  order: '/order',
  /** The living style page of the UI kit (issue 26): every component in every state; public, not linked. */
  stylePage: '/style',
  superUserLogin: '/login/superUser/:vcCustomerID/:hash/:nEmployeeID',
  portalSelect: '/portalSelect',
  settings: '/settings',
  /** The notification centre of every signed-in portal (issue 30). */
  notifications: '/notifications',
  staff: '/staff',
  staffDispatch: '/staff/dispatch',
  staffOrders: '/staff/orders',
  /** Phone sales: staff place an order on a customer's behalf (sales). */
  staffNewOrder: '/staff/orders/new',
  staffOrder: '/staff/orders/:orderId',
  /** Sales change a customer's packages at one service location on the customer's behalf. */
  staffChangePackages: '/staff/orders/change/:serviceLocationId',
  staffAddressReview: '/staff/addresses',
  staffAuthCodes: '/staff/authCodes',
  staffSubscribers: '/staff/subscribers',
  staffAccount: '/staff/accounts/:customerId',
  staffNotice: '/staff/subscribers/notices/:noticeId',
  staffReports: '/staff/reports',
  /** What was sent to a customer and whether it arrived (issue 30). */
  staffCustomerNotifications: '/staff/customers/:customerId/notifications',
  staffTickets: '/staff/tickets',
  staffTicket: '/staff/tickets/:ticketId',
  staffCategories: '/staff/categories',
  staffApplicants: '/staff/applicants',
  /** The customer's landing page (issue 28). */
  home: '/home',
  accountInfo: '/accountInfo',
  services: '/services',
  billingCenter: '/billingCenter',
  reports: '/reports',
  orders: '/orders',
  orderDetail: '/orders/:orderId',
  changePackages: '/orders/change/:serviceLocationId',
  contractorHome: '/contractorHome',
  workOrders: '/workOrders',
  calendar: '/calendar',
  restorationTickets: '/restorationTickets',
  scanAsset: '/scanAsset',
  maps: '/maps',
  mapsWithParams: '/maps/*',
  search: '/search',
  searchWorkOrder: '/search/:WOId',
  workOrderPhoto: '/search/:WOId/photo',
  savedWorkOrders: '/savedWorkOrders',
  /** The sync centre (issue 27): every queued offline write, storage used. */
  sync: '/sync',
  savedAssets: '/SavedAssets',
  assetInWorkOrder: '/search/:WOId/serviceLocation/:nAssetId',
  circuitStats: '/search/:WOId/circuitStats/:socketRecordID',
  swapOnt: '/search/:WOId/swapONT/:ONTId/:serviceLocationId',
  upgradeOnt: '/search/:WOId/upgradeONT/:ONTId/:serviceLocationId',
  programmingTest: '/programmingTest',
  programmingTestPage: '/programmingTestPage',
} as const;

export function staffAccountPath(customerId: string): string {
  return `/staff/accounts/${encodeURIComponent(customerId)}`;
}

export function staffOrderPath(orderId: number): string {
  return `/staff/orders/${orderId}`;
}

export function staffChangePackagesPath(serviceLocationId: number): string {
  return `/staff/orders/change/${serviceLocationId}`;
}

/** The page of one notice: its record of who was told. */
export function staffTicketPath(ticketId: number): string {
  return `/staff/tickets/${ticketId}`;
}

export function staffNoticePath(noticeId: number): string {
  return `/staff/subscribers/notices/${noticeId}`;
}

/** A customer's notification delivery log (staff, issue 30). */
export function staffCustomerNotificationsPath(customerId: string): string {
  return `/staff/customers/${encodeURIComponent(customerId)}/notifications`;
}
