// React Router objects made from the route table (routes.ts).
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { pages } from './pages';
import { RouteErrorFallback } from './RouteErrorFallback';
import { FALLBACK_PATH, appRoutes, type AppRoute } from './routes';
import { BASENAME, PLATFORM_NAME } from './site';

function RoutePage({ route, area }: { route: AppRoute; area: NonNullable<AppRoute['page']> }) {
  const Page = pages[area];
  return (
    <>
      <title>{`${route.title} - ${PLATFORM_NAME}`}</title>
      <Page path={route.path} title={route.title} trail={route.trail} />
    </>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const element = route.page ? (
    <RoutePage route={route} area={route.page} />
  ) : (
    <Navigate to={route.redirect ?? FALLBACK_PATH} replace />
  );
  return { path: route.path, element };
}

export function appRouteObjects(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      // Should the shell itself fail, the fallback still offers a reload.
      errorElement: <RouteErrorFallback />,
      children: [
        {
          // Inside the shell: a page that fails keeps the header and menu around it.
          errorElement: <RouteErrorFallback />,
          children: [
            ...appRoutes.map(toRouteObject),
            { path: '*', element: <Navigate to={FALLBACK_PATH} replace /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRouteObjects(), { basename: BASENAME });
}
