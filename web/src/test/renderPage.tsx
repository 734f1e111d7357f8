// One page component on its own, as the app shows it (providers, a router, the API client's
// toasts), for pages that are not in the route table of the test (see renderApp.tsx).
import { useEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { connectApiFeedback } from '../api/client';
import { AntdProviders } from '../app/antd';
import { shellToast } from '../app/antdGate';
import { createQueryClient } from '../app/queryClient';

function ApiFeedback({ children }: { children: ReactNode }) {
  useEffect(() => {
    connectApiFeedback({
      warning: (text) => shellToast('warning', text),
      error: (text) => shellToast('error', text),
      goHome: () => undefined,
    });
    return () => connectApiFeedback(undefined);
  }, []);
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
      <QueryClientProvider client={createQueryClient()}>
        <AntdProviders>
          <RouterProvider router={router} />
        </AntdProviders>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { router, ...view };
}
