/**
 * Component tests' harness: renders a screen inside the app's providers (a fresh QueryClient, a memory router, the
 * session store signed in or out, empty feature slots), and stubs fetch with a small router of canned answers.
 * Files using it ask for the happy-dom environment in their first line (as every web *.test.tsx does).
 */
import '@testing-library/jest-dom/vitest';
import type { SessionClaims } from '@strand/domain';
import { claimsFixture, tokenFor } from '@strand/test-support/test-tokens';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { connectApiToSession, sessionStore } from '../lib/browser-session';
import { type FeatureSlots, SlotsProvider } from '../lib/slots';

connectApiToSession();

// user-event types key by key; on a busy machine a long form needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.signOut('logout');
  window.localStorage.clear();
});

export interface RenderAppOptions {
  /** The address the memory router starts at. */
  route?: string;
  /** The route pattern the screen is mounted at (its params come from `route`). */
  path?: string;
  /** Signs in with these claims (over a customer fixture); none: signed out. */
  claims?: Partial<SessionClaims>;
  slots?: FeatureSlots;
}

export function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { route = '/', path = '*', claims, slots = {} } = options;
  if (claims) sessionStore.signIn(tokenFor(claimsFixture(claims)));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SlotsProvider slots={slots}>
        <RouterProvider router={router} />
      </SlotsProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, router };
}

export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export type StubAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };

/** Answers `METHOD /path` (query string included when the key has one) from `routes`; anything else is a 404. */
export function stubFetch(routes: Record<string, StubAnswer | ((request: StubRequest) => StubAnswer)>) {
  const requests: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: StubRequest = {
      method,
      path: url.pathname + url.search,
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(request) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload = answer ? answer.body : { error: { code: 'not_found', message: 'Not found.' } };
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer?.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetch: fetchStub };
}
