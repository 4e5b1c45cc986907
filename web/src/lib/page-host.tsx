/**
 * What a page needs from whatever runs it: the router of the full app, or the sign-in page that paints before the
 * router has loaded (main.ts, docs/performance.md). Pages that can run in both use AppLink and usePageHost instead of
 * React Router, so the first paint of /login carries neither the router nor the rest of the app.
 */
import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

export interface PageHost {
  /** Goes to another page of the app. */
  navigate(to: string): void;
  /** A sign-in succeeded and the session store holds it; `landingPath` is where it lands. */
  signedIn(landingPath: string): void;
}

const PageHostContext = createContext<PageHost>({
  navigate: (to) => window.location.assign(to),
  signedIn: () => {},
});

export const PageHostProvider = PageHostContext.Provider;

export function usePageHost(): PageHost {
  return useContext(PageHostContext);
}

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/** A link to a page of the app, followed without reloading (a modified click opens it as the browser would). */
export function AppLink({ to, onClick, children, ...rest }: AppLinkProps) {
  const host = usePageHost();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        host.navigate(to);
      }}
    >
      {children}
    </a>
  );
}
