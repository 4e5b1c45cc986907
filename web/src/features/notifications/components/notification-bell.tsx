import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useNotifications } from '../api/notifications';

/** The accessible name of the bell: "Notifications", or "Notifications, 3 unread". */
function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The bell in the shell header (issue 30), in every signed-in portal: the unread count, opening the notification
 * centre (/notifications, a page — it fits a phone and needs no panel code in the first download).
 */
export function NotificationBell() {
  const unread = useNotifications().data?.unread ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink to={paths.notifications} className="notification-bell" aria-label={bellLabel(unread)}>
      <Bell className="icon" aria-hidden="true" />
      <span className="notification-bell__word" aria-hidden="true">
        Notifications
      </span>
      {unread > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {shown}
        </span>
      )}
    </NavLink>
  );
}
