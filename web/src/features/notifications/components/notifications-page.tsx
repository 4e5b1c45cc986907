import type { NotificationItem } from '@strand/domain';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { formatAgo, formatMoment } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useMarkRead, useNotifications } from '../api/notifications';
import { subjectLink } from '../subject-link';
import '../../../styles/notifications.css';

/** /notifications: the notification centre (issue 30) — newest first, unread marked, each read on its own or all at once. */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const list = useNotifications();
  const mark = useMarkRead();
  const unread = list.data?.unread ?? 0;
  return (
    <section className="page stack" aria-labelledby="notifications-heading">
      <div className="section-head">
        <h1 id="notifications-heading">Notifications</h1>
        {unread > 0 && (
          <Button
            type="button"
            variant="secondary"
            busy={mark.isPending && mark.variables === null}
            busyText="Marking…"
            disabled={mark.isPending}
            onClick={() => mark.mutate(null)}
          >
            Mark all read
          </Button>
        )}
      </div>
      <p className="page__lead" role="status">
        {list.data ? (unread > 0 ? `${unread} unread.` : 'All read.') : ''}
      </p>
      {mark.isError && <FormAlert message={errorMessage(mark.error)} />}
      {list.isError && <FormAlert message={errorMessage(list.error)} />}
      {list.isPending && <Skeleton label="Loading your notifications…" lines={4} />}
      {list.data &&
        (list.data.items.length === 0 ? (
          <EmptyState>
            No notifications yet. We will tell you here when something happens to your service, your bills or your
            visits.
          </EmptyState>
        ) : (
          <ul className="notification-list">
            {list.data.items.map((item) => (
              <NotificationRow key={item.id} item={item} busy={mark.isPending} onRead={() => mark.mutate(item.id)} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function NotificationRow({ item, busy, onRead }: { item: NotificationItem; busy: boolean; onRead(): void }) {
  const { portal } = useSession();
  const link = subjectLink(item, portal);
  const titleId = `notification-${item.id}`;
  return (
    <li>
      <article
        className={`notification-item${item.read ? '' : ' notification-item--unread'}`}
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="notification-item__title">
          {!item.read && <span className="visually-hidden">Unread: </span>}
          {item.title}
        </h2>
        <p className="notification-item__body">{item.body}</p>
        <p className="notification-item__meta muted">
          <time dateTime={item.createdAt} title={formatMoment(item.createdAt)}>
            {formatAgo(item.createdAt)}
          </time>
        </p>
        <div className="actions">
          {link && (
            <ButtonLink to={link} variant="secondary" onClick={item.read ? undefined : onRead}>
              Open<span className="visually-hidden"> {item.title}</span>
            </ButtonLink>
          )}
          {!item.read && (
            <Button type="button" variant="tertiary" disabled={busy} onClick={onRead}>
              Mark read<span className="visually-hidden"> {item.title}</span>
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
