import type { ReactNode } from 'react';
import { useSession } from '../../../lib/browser-session';

export interface ContractorOnlyProps {
  title: string;
  children: ReactNode;
}

/** The contractor pages are for contractor crews; anyone else gets a plain sentence instead of failing calls. */
export function ContractorOnly({ title, children }: ContractorOnlyProps) {
  const { claims } = useSession();
  if (!claims || !(claims.nContractor > 0)) {
    return (
      <section className="page">
        <h1>{title}</h1>
        <p className="page__lead">This page is for contractor crews. Sign in with a contractor account to use it.</p>
      </section>
    );
  }
  return children;
}
