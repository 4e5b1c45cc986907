import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonAnchor } from '../../lib/ui/button';

/** Shown when a page fails to load or render (after the one automatic reload of a failed lazy load). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main id="main" className="standalone">
      <div className="card" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Check your internet connection, then reload the page.</p>
        {detail && <p className="muted">{detail}</p>}
        <p className="actions">
          <Button type="button" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <ButtonAnchor variant="secondary" href="/">
            Go to the start page
          </ButtonAnchor>
        </p>
      </div>
    </main>
  );
}
