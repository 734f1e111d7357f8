import { Suspense, lazy, use, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../../components/Spinner';
import { useLocation, useNavigate } from 'react-router';
import { connectApiFeedback } from '../../api/client';
import { useLoginPrompt } from '../../lib/loginPrompt';
import { openAntdScope, shellToast, useAntdScope } from '../antdGate';
import { loadChunk } from '../chunks';
import { completeLogin } from '../login';
import { PLAIN_AREAS } from '../pages';
import { RouteGuard } from '../RouteGuard';
import { FALLBACK_PATH, matchAppRoute } from '../routes';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { BackToTop } from './BackToTop';
import './layout.css';

// The dialog's form and password sealing are not needed before someone asks to log in.
const LoginDialog = lazy(() =>
  loadChunk(() => import('../../features/auth/LoginDialog')).then((m) => ({
    default: m.LoginDialog,
  })),
);

/** What is below the header, inside antd's providers from the moment they are loaded. */
function AntdSlot({ children }: { children: ReactNode }) {
  const Providers = useAntdScope((state) => state.Providers);
  if (!Providers) return children;
  // The component comes from a loaded module and is the same on every render; its arrival
  // mounts what is inside anew, once (the header stays outside and keeps the focus).
  // eslint-disable-next-line react-hooks/static-components
  return <Providers>{children}</Providers>;
}

/** Its children wait (suspend) for antd's providers when they are drawn with antd. */
function AfterAntd({ needed, children }: { needed: boolean; children: ReactNode }) {
  const loaded = useAntdScope((state) => state.Providers !== null);
  // Once they are there, no suspending at all: not even for the tick a settled promise takes.
  if (needed && !loaded) use(openAntdScope());
  return children;
}

/** Mounts the login dialog the first time it opens, and keeps it (its upgrade notice outlives it). */
function LoginDialogOnDemand() {
  const open = useLoginPrompt((state) => state.open);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AfterAntd needed>
        <LoginDialog onLoggedIn={completeLogin} />
      </AfterAntd>
    </Suspense>
  );
}

/** Lets the API client show toasts and send the user home (on HTTP 401). */
function useConnectApiFeedback() {
  const navigate = useNavigate();
  useEffect(() => {
    connectApiFeedback({
      warning: (text) => shellToast('warning', text),
      error: (text) => shellToast('error', text),
      goHome: () => void navigate(FALLBACK_PATH),
    });
    return () => connectApiFeedback(undefined);
  }, [navigate]);
}

export function AppLayout() {
  const { pathname } = useLocation();
  // Spec §2: scroll resets to the top on every navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useConnectApiFeedback();
  const area = matchAppRoute(pathname)?.page;
  // The same element whatever the area, so moving between areas keeps the guard mounted.
  const antdNeeded = area !== undefined && !PLAIN_AREAS.has(area);

  return (
    <div className="app-shell">
      <AppHeader />
      <AntdSlot>
        <main className="app-main">
          <Suspense
            fallback={
              <div className="app-main__loading" data-testid="page-loading">
                <Spinner />
              </div>
            }
          >
            <AfterAntd needed={antdNeeded}>
              <RouteGuard />
            </AfterAntd>
          </Suspense>
        </main>
        <AppFooter />
        <BackToTop />
        <LoginDialogOnDemand />
      </AntdSlot>
    </div>
  );
}
