// Applies the navigation guard (guard.ts) to every location: the page shows only once the
// guard allows it; a refusal shows in its place; redirects and the login dialog happen here.
import { lazy, startTransition, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { openLogin, whenLoggedIn } from '../lib/loginPrompt';
import { Spinner } from '../components/Spinner';
import { shellToast } from './antdGate';
import { loadChunk } from './chunks';
import { checkRoute, type GuardOutcome, type GuardTarget } from './guard';
import { matchAppRoute } from './routes';
import { countVisitsAfter } from './visits';

// The refusal's picture (antd Result) is loaded only when a page is refused.
const AccessRefused = lazy(() =>
  loadChunk(() => import('./AccessRefused')).then((m) => ({ default: m.AccessRefused })),
);

export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  /** The last page shown: where a visitor stays when a link needs a login first. */
  const shown = useRef<GuardTarget | null>(null);
  /**
   * The outcome for a location (by its key): until it is there, the page waits. Only the
   * search parameters changed (a page keeping its state in the address): the page stays
   * mounted under the last outcome for its path while the new check runs.
   */
  const [decided, setDecided] = useState<{
    key: string;
    pathname: string;
    outcome: GuardOutcome;
  }>();

  useEffect(() => {
    // A newer location, or React's development double run, makes this check stale.
    let current = true;
    const target = { pathname: location.pathname, search: location.search };
    void checkRoute(target, shown.current).then((outcome) => {
      if (!current) return;
      if (outcome.kind === 'redirect') {
        void navigate(outcome.to, { replace: true });
        return;
      }
      if (outcome.kind === 'login') {
        whenLoggedIn(() => void navigate(outcome.target));
        openLogin();
        void navigate(outcome.back, { replace: true });
        return;
      }
      if (outcome.kind === 'refuse') shellToast('error', outcome.message);
      const route = matchAppRoute(target.pathname);
      // Redirect entries of the table are not pages: nothing to return to, nothing to count.
      if (outcome.kind === 'allow' && route?.page) {
        shown.current = target;
        countVisitsAfter(route.path);
      }
      // Rendered in slices: a large page (the image query) would block input otherwise.
      startTransition(() => setDecided({ key: location.key, pathname: target.pathname, outcome }));
    });
    return () => {
      current = false;
    };
  }, [location, navigate]);

  if (decided?.key !== location.key && decided?.pathname !== location.pathname) {
    return (
      <div className="app-main__loading" data-testid="route-checking">
        {/* Most checks need no server call: the delay keeps them from flashing a spinner. */}
        <Spinner delayed />
      </div>
    );
  }
  if (decided.outcome.kind === 'refuse') return <AccessRefused message={decided.outcome.message} />;
  return <Outlet />;
}
