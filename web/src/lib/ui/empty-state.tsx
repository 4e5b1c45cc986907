import type { ReactNode } from 'react';

/** The sentence a list or search shows when it has nothing. */
export function EmptyState({ children, role }: { children: ReactNode; role?: 'status' }) {
  return (
    <p className="empty-state" role={role}>
      {children}
    </p>
  );
}
