import type { ReactNode } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  type NavigationType,
  type To,
} from 'react-router';

export interface TestRouter {
  /** Navigates as a link or the Back button would: to an address, or `delta` entries through history. */
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): void;
  /** The address shown and how it was reached. */
  readonly state: { readonly location: Location; readonly historyAction: NavigationType };
  /** Wraps the app in a router on this history. */
  wrap(app: ReactNode): ReactNode;
}

/** A router on an in-memory history, which tests drive and read. */
export function createTestRouter(url: string): TestRouter {
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  return {
    navigate(to, options = {}) {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    state: {
      get location() {
        return history.location;
      },
      get historyAction() {
        return history.action;
      },
    },
    // Updates render at once rather than as transitions, which a test environment holds back until
    // its next act scope; every screen is loaded before tests render (see renderApp).
    wrap: (app) => (
      <HistoryRouter history={history} useTransitions={false}>
        {app}
      </HistoryRouter>
    ),
  };
}
