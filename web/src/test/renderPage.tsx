// One page component on its own, as the app shows it (providers, a router, the API client's
// toasts), for pages that are not in the route table of the test (see renderApp.tsx).
import { useEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { connectApiFeedback } from '../api/client';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';

function ApiFeedback({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  useEffect(() => {
    connectApiFeedback({
      warning: (text) => void message.warning(text),
      error: (text) => void message.error(text),
      goHome: () => undefined,
    });
    return () => connectApiFeedback(undefined);
  }, [message]);
  return children;
}

/**
 * `page` at the route `path` (links to other paths go nowhere), opened at `at` (a location
 * the pattern matches, for routes with parameters), with a fresh QueryClient.
 */
export function renderPage(page: ReactNode, path = '/', at = path) {
  const router = createMemoryRouter(
    [
      { path, element: <ApiFeedback>{page}</ApiFeedback> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </ConfigProvider>,
  );
  return { router, ...view };
}
