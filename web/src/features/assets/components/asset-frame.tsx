import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { lastSearchPath } from '../../../lib/last-search';
import { OfflineNotice } from '../../../lib/offline/offline-notice';
import { usePageTitle } from '../../../lib/ui/page-title';
import '../../../styles/assets.css';
import { ButtonLink } from '../../../lib/ui/button-link';
import { Skeleton } from '../../../lib/ui/skeleton';

/** An unknown asset (a 404), in plain words (issue 27) instead of SPEC §8's 'No valid asset info fetched'. */
export const NO_ASSET = 'No asset with that ID';
export const SWAP_FAILED = 'Oops, something went wrong. Please contact the office and report to IT.';

interface AssetFrameProps {
  title: string;
  WOId: number | null;
  /** The requests of this page: when one was answered from the offline cache, the page says so and how old it is. */
  offlinePaths: readonly string[];
  children: ReactNode;
}

/** The frame of an equipment page under /search/{WOId}: its title, the work order, and the way back. */
export function AssetFrame({ title, WOId, offlinePaths, children }: AssetFrameProps) {
  usePageTitle(WOId ? `${title} · WO #${WOId}` : title);
  // A contractor reaches equipment from the contractor's work orders; the way back leads there.
  const contractor = useSession().portal === 'contractor';
  const workOrderPath = contractor ? `/workOrders?wo=${WOId}` : `/search/${WOId}`;
  return (
    <section className="page" aria-labelledby="asset-heading">
      {WOId !== null && <p className="asset-eyebrow">Work Order #{WOId}</p>}
      <h1 id="asset-heading">{title}</h1>
      {WOId !== null && (
        <nav className="actions" aria-label="Back">
          <ButtonLink variant="secondary" to={workOrderPath}>
            Go back to WO #{WOId}
          </ButtonLink>
          <ButtonLink variant="secondary" to={contractor ? '/workOrders' : lastSearchPath()}>
            {contractor ? 'Go back to work orders' : 'Go back to search results'}
          </ButtonLink>
        </nav>
      )}
      <OfflineNotice pathPrefix={offlinePaths} />
      {children}
    </section>
  );
}

interface LoadStateProps {
  isPending: boolean;
  error: unknown;
  what: string;
  /** What a 404 says instead of the server's message: for an asset, NO_ASSET. */
  notFound?: string;
}

/** Loading and failure of a page's own data. */
export function LoadState({ isPending, error, what, notFound }: LoadStateProps) {
  if (error) {
    const missing = notFound !== undefined && error instanceof ApiError && error.status === 404;
    // Not found is an answer, not a failure: said plainly, not as an error.
    if (missing) return <p role="status">{notFound}</p>;
    return (
      <div className="alert alert--error" role="alert">
        {error instanceof Error ? error.message : String(error)}
      </div>
    );
  }
  if (isPending) return <Skeleton label={`Loading ${what}…`} />;
  return null;
}

export function numberParam(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
