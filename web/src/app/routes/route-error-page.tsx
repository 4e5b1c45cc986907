import { isRouteErrorResponse, useRouteError } from 'react-router';
import { readKeptShellConfig } from '../../lib/shell-config';
import { ErrorPage } from '../../lib/ui/error-page';
import { usePageTitle } from '../../lib/ui/page-title';

/** Shown when a page fails to load or render (after the one automatic reload of a failed lazy load). */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main id="main" className="standalone">
      <ErrorPage detail={detail} supportPhone={readKeptShellConfig()?.supportPhone} />
    </main>
  );
}
