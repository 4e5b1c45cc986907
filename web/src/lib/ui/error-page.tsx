import type { ReactNode } from 'react';
import { Button, ButtonAnchor } from './button';
import { CircleAlert, RefreshCw } from './icons';

export interface ErrorPageProps {
  /** What happened, in plain words (the heading). */
  title?: string;
  /** What it means for the user and what to try. */
  children?: ReactNode;
  /** A technical detail (a status, a message) shown small, for a call to support. */
  detail?: string | null | undefined;
  /** The support phone number of the provider, when known: the last way forward. */
  supportPhone?: string | undefined;
  /** Retry: reloads the page unless given. */
  onRetry?: () => void;
}

/**
 * The one error page (GOV.UK's pattern): what happened, a Retry, the way back and who to call. Never a bare
 * "Internal server error".
 */
export function ErrorPage({
  title = 'Sorry, this page could not be shown',
  children,
  detail,
  supportPhone,
  onRetry = () => window.location.reload(),
}: ErrorPageProps) {
  return (
    <div className="card error-page" role="alert">
      <CircleAlert className="error-page__icon" aria-hidden="true" />
      <h1>{title}</h1>
      {children ?? <p>Nothing you entered was lost. Check your internet connection, then try again.</p>}
      {supportPhone && (
        <p>
          If it keeps happening, call support at{' '}
          <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</a>.
        </p>
      )}
      {detail && <p className="muted">Details for support: {detail}</p>}
      <p className="actions">
        <Button onClick={onRetry} icon={<RefreshCw className="icon" />}>
          Retry
        </Button>
        <ButtonAnchor variant="secondary" href="/">
          Go to the start page
        </ButtonAnchor>
      </p>
    </div>
  );
}
