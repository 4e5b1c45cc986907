import type { ReactNode } from 'react';
import { useSession } from '../browser-session';

export interface InstallerOnlyProps {
  title: string;
  children: ReactNode;
}

/** The search area is the installer portal's; anyone else gets a plain sentence instead of refused calls. */
export function InstallerOnly({ title, children }: InstallerOnlyProps) {
  const { claims, portal } = useSession();
  if (claims?.nInstaller !== 1 || claims.UNITYSUPERUSER === 1 || portal !== 'installer') {
    return (
      <section className="page">
        <h1>{title}</h1>
        <p className="page__lead">
          This page is for the provider’s installers. Sign in with an installer account and choose the installer portal
          to use it.
        </p>
      </section>
    );
  }
  return children;
}
