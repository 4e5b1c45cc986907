import type { CustomerAccount, CustomerUser } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { NotificationPreferencesForm } from '../../../lib/notification-preferences';
import { Button } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useUsers } from '../api/users';
import { PermissionsForm } from './permissions-form';
import { AddUserForm, EditUserForm } from './user-form';

/** A super-user session makes nothing that outlives it (the server refuses these too: plugins/super-user.ts). */
const SUPER_USER_NOTE =
  'As a super user you can change names, permissions and who may sign in; adding users and changing email addresses is left to the account’s administrator.';

type Editing = { mode: 'add' } | { mode: 'edit' | 'permissions' | 'notifications'; id: number } | null;

/** The account's online users and their permission categories (getUsers, addUser, updateUser, permissions). */
export function UsersSection({ account }: { account: CustomerAccount }) {
  const users = useUsers(true);
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  // Issue 30: a business account's administrators (or a super user) choose its users' notices.
  const managesNotices = account.vcCustomerType === 'Business' && (account.isAdmin || account.isSuperUser);

  return (
    <section className="stack" aria-labelledby="users-heading">
      <div className="section-head">
        <h2 id="users-heading">Users</h2>
        {editing?.mode !== 'add' && !account.isSuperUser && (
          <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
            Add a user
          </Button>
        )}
      </div>
      {account.isSuperUser && <p className="muted">{SUPER_USER_NOTE}</p>}
      {editing?.mode === 'add' && <AddUserForm granter={account} onDone={close} />}
      {users.isError && <FormAlert message={errorMessage(users.error)} />}
      {users.isPending && <Skeleton label="Loading users…" />}
      <ul className="card-list">
        {users.data?.map((user) => (
          <li key={user.nUserID}>
            {editing?.mode === 'edit' && editing.id === user.nUserID ? (
              <EditUserForm user={user} emailLocked={account.isSuperUser} onDone={close} />
            ) : (
              <UserCard
                user={user}
                isSelf={user.nUserID === account.nUserID}
                onEdit={() => setEditing({ mode: 'edit', id: user.nUserID })}
                onPermissions={() => setEditing({ mode: 'permissions', id: user.nUserID })}
                onNotifications={
                  managesNotices ? () => setEditing({ mode: 'notifications', id: user.nUserID }) : undefined
                }
              />
            )}
            {editing?.mode === 'permissions' && editing.id === user.nUserID && (
              <PermissionsForm user={user} granter={account} onDone={close} />
            )}
            {editing?.mode === 'notifications' && editing.id === user.nUserID && (
              <div className="stack">
                <NotificationPreferencesForm
                  path={`/api/customer/users/${user.nUserID}/notification-preferences`}
                  idPrefix={`user-${user.nUserID}-notifications`}
                  heading={`Notifications of ${user.firstName} ${user.lastName}`}
                  lead="What this user is told, and how. Security notices always reach them."
                  savedMessage={`Notification preferences of ${user.firstName} ${user.lastName} saved`}
                />
                <Button type="button" variant="secondary" onClick={close}>
                  Close
                  <span className="visually-hidden">
                    {' '}
                    notifications of {user.firstName} {user.lastName}
                  </span>
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface UserCardProps {
  user: CustomerUser;
  isSelf: boolean;
  onEdit(): void;
  onPermissions(): void;
  /** Absent when the viewer may not choose the user's notices. */
  onNotifications: (() => void) | undefined;
}

function UserCard({ user, isSelf, onEdit, onPermissions, onNotifications }: UserCardProps) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <article className="card item-card" aria-labelledby={`user-${user.nUserID}`}>
      <header className="item-card__head">
        <h3 id={`user-${user.nUserID}`}>{name}</h3>
        {user.isAdmin && <span className="tag">Administrator</span>}
        {isSelf && <span className="tag tag--muted">You</span>}
        {!user.active && <StatusBadge status="Disabled" />}
      </header>
      <dl className="facts facts--compact">
        <div>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            {user.email}
            {user.pendingEmail && (
              <span className="muted"> (changing to {user.pendingEmail}: waiting for that address to confirm)</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Permissions</dt>
          <dd>{user.isAdmin ? 'All' : user.permissions.length === 0 ? 'None' : `${user.permissions.length} of 8`}</dd>
        </div>
      </dl>
      <div className="actions">
        <Button type="button" variant="secondary" onClick={onEdit}>
          Edit<span className="visually-hidden"> {name}</span>
        </Button>
        <Button type="button" variant="secondary" onClick={onPermissions}>
          Permissions<span className="visually-hidden"> of {name}</span>
        </Button>
        {onNotifications && (
          <Button type="button" variant="secondary" onClick={onNotifications}>
            Notifications<span className="visually-hidden"> of {name}</span>
          </Button>
        )}
      </div>
    </article>
  );
}
