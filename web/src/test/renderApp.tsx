import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';
import { appRouteObjects } from '../app/router';

// jsdom runs no CSS transitions: without this, antd's dialogs would stay mid-animation
// (invisible) forever. The app's own theme inherits it.
const noMotion = { token: { motion: false } };

/** The whole app at `path` (or a location with state), in memory, with a fresh QueryClient. */
export function renderApp(path: InitialEntry) {
  const router = createMemoryRouter(appRouteObjects(), { initialEntries: [path] });
  const view = render(
    <ConfigProvider theme={noMotion}>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </ConfigProvider>,
  );
  return { router, ...view };
}
