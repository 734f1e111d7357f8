import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router';
import { openAntdScope } from '../app/antdGate';
import { createQueryClient } from '../app/queryClient';
import { appRouteObjects } from '../app/router';

// jsdom runs no CSS transitions: without this, antd's dialogs would stay mid-animation
// (invisible) forever. The app's own theme inherits it.
const noMotion = { token: { motion: false } };

// The app in these tests starts with antd's providers loaded, as it is after the first page
// drawn with antd; antdGate.test.tsx covers the start without them.
await openAntdScope();

/** The whole app at `path` (or a location with state), in memory, with a fresh QueryClient. */
export function renderApp(path: InitialEntry) {
  const router = createMemoryRouter(appRouteObjects(), { initialEntries: [path] });
  const view = render(
    <ConfigProvider theme={noMotion}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { router, ...view };
}
