import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';
import { appRouteObjects } from '../app/router';

/** The whole app at `path`, in memory, with a fresh QueryClient. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRouteObjects(), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
