import { Suspense, lazy, useEffect, useState } from 'react';
import { App } from 'antd';
import { Spinner } from '../../components/Spinner';
import { useLocation, useNavigate } from 'react-router';
import { connectApiFeedback } from '../../api/client';
import { useLoginPrompt } from '../../lib/loginPrompt';
import { loadChunk } from '../chunks';
import { completeLogin } from '../login';
import { RouteGuard } from '../RouteGuard';
import { FALLBACK_PATH } from '../routes';
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

/** Mounts the login dialog the first time it opens, and keeps it (its upgrade notice outlives it). */
function LoginDialogOnDemand() {
  const open = useLoginPrompt((state) => state.open);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog onLoggedIn={completeLogin} />
    </Suspense>
  );
}

/** Lets the API client show toasts and send the user home (on HTTP 401). */
function useConnectApiFeedback() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    connectApiFeedback({
      warning: (text) => void message.warning(text),
      error: (text) => void message.error(text),
      goHome: () => void navigate(FALLBACK_PATH),
    });
    return () => connectApiFeedback(undefined);
  }, [message, navigate]);
}

export function AppLayout() {
  const { pathname } = useLocation();
  // Spec §2: scroll resets to the top on every navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useConnectApiFeedback();

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="app-main">
        <Suspense
          fallback={
            <div className="app-main__loading" data-testid="page-loading">
              <Spinner />
            </div>
          }
        >
          <RouteGuard />
        </Suspense>
      </main>
      <AppFooter />
      <BackToTop />
      <LoginDialogOnDemand />
    </div>
  );
}
