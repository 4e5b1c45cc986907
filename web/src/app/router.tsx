/**
 * The route table (SPEC §2). Every page loads lazily; layouts and the guard are part of the main bundle.
 * Login-type pages use the auth layout; everything else lives in the signed-in shell behind the same guard.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { assetRoutes } from '../features/assets/routes';
import { installerRoutes } from '../features/installer/routes';
import { offlineRoutes } from '../features/offline/routes';
import { lazyPage } from '../lib/lazy-page';
import { prefetchReads } from '../lib/route-prefetch';
import { AuthLayout } from './auth-layout';
import {
  BILLING_CENTER_READS,
  CONTRACTOR_WORK_ORDERS_READS,
  loadBillingCenter,
  loadContractorWorkOrders,
  SHELL_READS,
} from './landing-pages';
import { RootLayout } from './root-layout';
import { RouteGuard } from './route-guard';
import { RouteErrorPage } from './routes/route-error-page';
import { ShellLayout } from './shell/shell-layout';

const loginPage = lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage');

const authRoutes: RouteObject[] = [
  { index: true, lazy: loginPage },
  { path: paths.login, lazy: loginPage },
  { path: paths.register, lazy: lazyPage(() => import('../features/auth/components/register-page'), 'RegisterPage') },
  {
    path: paths.accountRecovery,
    lazy: lazyPage(() => import('../features/auth/components/account-recovery-page'), 'AccountRecoveryPage'),
  },
  {
    path: paths.superUserLogin,
    lazy: lazyPage(() => import('../features/auth/components/super-user-login-page'), 'SuperUserLoginPage'),
  },
];

/**
 * Public pages outside the guards, so a signed-in customer is not sent away: job applicants' programming test, the
 * confirmation of a new email address (opened from a mail, signed in or not), and ordering (a visitor or a customer
 * ordering for a new location).
 */
const publicRoutes: RouteObject[] = [
  { path: paths.order, lazy: lazyPage(() => import('../features/ordering/components/order-page'), 'OrderPage') },
  { path: paths.stylePage, lazy: lazyPage(() => import('./routes/style-page'), 'StylePage') },
  {
    path: paths.confirmEmail,
    lazy: lazyPage(() => import('../features/auth/components/confirm-email-page'), 'ConfirmEmailPage'),
  },
  {
    path: paths.programmingTestPage,
    lazy: lazyPage(() => import('../features/applicant/components/programming-test-page'), 'ProgrammingTestPage'),
  },
  {
    path: paths.programmingTest,
    lazy: lazyPage(
      () => import('../features/applicant/components/programming-test-done-page'),
      'ProgrammingTestDonePage',
    ),
  },
];

const shellRoutes: RouteObject[] = [
  {
    path: paths.portalSelect,
    lazy: lazyPage(() => import('../features/auth/components/portal-select-page'), 'PortalSelectPage'),
  },
  {
    path: paths.settings,
    lazy: lazyPage(() => import('../features/settings/components/settings-page'), 'SettingsPage'),
  },
  {
    path: paths.notifications,
    lazy: lazyPage(() => import('../features/notifications/components/notifications-page'), 'NotificationsPage'),
  },
  {
    path: paths.staff,
    lazy: lazyPage(() => import('../features/staff/components/staff-home-page'), 'StaffHomePage'),
  },
  {
    path: paths.staffTickets,
    lazy: lazyPage(() => import('../features/staff/components/tickets-page'), 'StaffTicketsPage'),
  },
  {
    path: paths.staffTicket,
    lazy: lazyPage(() => import('../features/staff/components/ticket-page'), 'StaffTicketPage'),
  },
  {
    path: paths.staffCategories,
    lazy: lazyPage(() => import('../features/staff/components/categories-page'), 'StaffCategoriesPage'),
  },
  {
    path: paths.staffApplicants,
    lazy: lazyPage(() => import('../features/staff/components/applicants-page'), 'StaffApplicantsPage'),
  },
  {
    path: paths.staffCustomerNotifications,
    lazy: lazyPage(() => import('../features/staff/components/delivery-log-page'), 'DeliveryLogPage'),
  },
  {
    path: paths.staffDispatch,
    lazy: lazyPage(() => import('../features/dispatch/components/dispatch-page'), 'DispatchPage'),
  },
  {
    path: paths.staffAccount,
    lazy: lazyPage(() => import('../features/staff/components/account-history-page'), 'StaffAccountHistoryPage'),
  },
  {
    path: paths.staffOrders,
    lazy: lazyPage(() => import('../features/staff-orders/components/orders-page'), 'StaffOrdersPage'),
  },
  {
    path: paths.staffNewOrder,
    lazy: lazyPage(() => import('../features/staff-orders/components/new-order-page'), 'StaffNewOrderPage'),
  },
  {
    path: paths.staffOrder,
    lazy: lazyPage(() => import('../features/staff-orders/components/order-page'), 'StaffOrderPage'),
  },
  {
    path: paths.staffChangePackages,
    lazy: lazyPage(() => import('../features/staff-orders/components/change-packages-page'), 'StaffChangePackagesPage'),
  },
  {
    path: paths.staffAddressReview,
    lazy: lazyPage(() => import('../features/staff-orders/components/address-review-page'), 'StaffAddressReviewPage'),
  },
  {
    path: paths.staffAuthCodes,
    lazy: lazyPage(() => import('../features/auth-codes/components/auth-codes-page'), 'AuthCodesPage'),
  },
  {
    path: paths.staffSubscribers,
    lazy: lazyPage(() => import('../features/subscribers/components/subscribers-page'), 'SubscribersPage'),
  },
  {
    path: paths.staffNotice,
    lazy: lazyPage(() => import('../features/subscribers/components/notice-page'), 'NoticePage'),
  },
  {
    path: paths.staffReports,
    lazy: lazyPage(() => import('../features/staff-reports/components/staff-reports-page'), 'StaffReportsPage'),
  },
  { path: paths.home, lazy: lazyPage(() => import('../features/customer/components/home-page'), 'HomePage') },
  {
    path: paths.accountInfo,
    lazy: lazyPage(() => import('../features/customer/components/account-info-page'), 'AccountInfoPage'),
  },
  {
    path: paths.services,
    lazy: lazyPage(() => import('../features/services/components/services-page'), 'ServicesPage'),
  },
  {
    path: paths.billingCenter,
    loader: prefetchReads(() => BILLING_CENTER_READS),
    lazy: lazyPage(loadBillingCenter, 'BillingCenterPage'),
  },
  { path: paths.reports, lazy: lazyPage(() => import('../features/reports/components/reports-page'), 'ReportsPage') },
  // Orders (issue 12): the customer's orders, one order's timeline, a change of packages
  { path: paths.orders, lazy: lazyPage(() => import('../features/orders/components/orders-page'), 'OrdersPage') },
  {
    path: paths.changePackages,
    lazy: lazyPage(() => import('../features/orders/components/change-packages-page'), 'ChangePackagesPage'),
  },
  { path: paths.orderDetail, lazy: lazyPage(() => import('../features/orders/components/order-page'), 'OrderPage') },
  // Contractor portal (issue 6)
  {
    path: paths.contractorHome,
    lazy: lazyPage(() => import('../features/contractor/components/contractor-home-page'), 'ContractorHomePage'),
  },
  {
    path: paths.workOrders,
    loader: prefetchReads(() => CONTRACTOR_WORK_ORDERS_READS),
    lazy: lazyPage(loadContractorWorkOrders, 'WorkOrdersPage'),
  },
  {
    path: paths.calendar,
    lazy: lazyPage(() => import('../features/contractor/components/calendar-page'), 'CalendarPage'),
  },
  { path: paths.maps, lazy: lazyPage(() => import('../features/contractor/components/maps-page'), 'MapsPage') },
  {
    path: paths.mapsWithParams,
    lazy: lazyPage(() => import('../features/contractor/components/maps-page'), 'MapsPage'),
  },
  {
    path: paths.restorationTickets,
    lazy: lazyPage(
      () => import('../features/contractor/components/restoration-tickets-page'),
      'RestorationTicketsPage',
    ),
  },
  // Offline: photo upload and Saved WO (issue 5)
  ...offlineRoutes,
  // Installer search area (issue 3)
  ...installerRoutes,
  // Equipment: assets, scanning, saved assets, swap and upgrade, circuit stats (issue 4)
  ...assetRoutes,
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          { element: <AuthLayout />, children: authRoutes },
          {
            element: <ShellLayout />,
            // Every signed-in page's frame reads the provider's config. Not the user's settings: whether they are asked
            // of the server depends on that config (SPEC §6: a LOCAL_THEME_USER_IDS user's theme never is).
            loader: prefetchReads(() => SHELL_READS),
            children: shellRoutes,
          },
        ],
      },
      { element: <AuthLayout />, children: publicRoutes },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
