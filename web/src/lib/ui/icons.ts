/**
 * The portal's icons: lucide (ISC licence, a well-kept set of 1,600+ icons drawn on one 24 px grid), imported by name
 * so the build keeps only these. An icon goes beside words (navigation, primary actions, statuses), never instead of
 * them; give it `className="icon"` (kit.css sizes it to the text) and it is hidden from assistive technology.
 */
import {
  Building2,
  CalendarDays,
  CircleAlert,
  CircleCheck,
  CircleX,
  ClipboardList,
  FileBarChart,
  House,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  type LucideIcon,
  Map as MapIcon,
  Package,
  Receipt,
  RefreshCw,
  ScanLine,
  Search,
  Server,
  Star,
  Tags,
  Truck,
  UserPlus,
  UserRound,
  Users,
  Wifi,
  Wrench,
} from 'lucide-react';

export { Camera, ClipboardList, Navigation, Phone, ScanLine, Truck } from 'lucide-react';
export { CircleAlert, CircleCheck as CheckCircle2, CircleX as XCircle, RefreshCw };

/** The icon of each navigation entry (SPEC §2's labels), by label. */
const NAV_ICONS: Readonly<Record<string, LucideIcon>> = {
  Home: House,
  'Account Info': UserRound,
  Services: Wifi,
  'Billing Center': Receipt,
  Reports: FileBarChart,
  'Auth Codes': KeyRound,
  Calendar: CalendarDays,
  Dispatch: Truck,
  Maps: MapIcon,
  Orders: Package,
  'Restoration Tickets': Wrench,
  'Saved Assets': Star,
  'Saved WO': ListChecks,
  'Scan Asset': ScanLine,
  'Scan an Asset': ScanLine,
  'Search WO': Search,
  Subscribers: Users,
  Tickets: LifeBuoy,
  Categories: Tags,
  Applicants: UserPlus,
  'Work Orders': ClipboardList,
  Assets: Server,
  Business: Building2,
};

/** The icon of a navigation label; a neutral one for a label not in the table. */
export function navIconOf(label: string): LucideIcon {
  return NAV_ICONS[label] ?? LayoutDashboard;
}
