// The editable pages the site shows (page/v1 slugs), so that an editor finds each one in the
// console even before anyone has written it: the platform introduction, the GEO plan and
// links, the contact details, the nine software pages, and one description per satellite page
// of the catalogue. Titles and the pages that show them come from the route table.
import { childRoutes, matchAppRoute, routeAt, type AppRoute } from '../../app/routes';

/** An editable page: its slug, title, the part of the site it belongs to, and where it shows. */
export interface KnownPage {
  slug: string;
  title: string;
  section: string;
  /** The site's page that shows it. */
  path: string;
}

function known(slug: string, route: AppRoute, section: string): KnownPage {
  return { slug, title: route.title, section, path: route.path };
}

/** The last segment of a route's path, e.g. 'description'. */
function leaf(route: AppRoute): string {
  return route.path.split('/').at(-1) ?? '';
}

/** Every known page; `satelliteGroups` are the catalogue's `group`s, e.g. 'chinese/gf1'. */
export function knownPages(satelliteGroups: readonly string[]): KnownPage[] {
  const intro = childRoutes('/platform/platformIntro').map((route) =>
    known(`platformIntro/${leaf(route)}`, route, '平台介绍'),
  );
  const geo = ['plan', 'links'].map((name) =>
    known(`geo/${name}`, routeAt(`/platform/GEO/${name}`), '中国GEO'),
  );
  const contact = known('about/contact', routeAt('/about/contactUs/contact'), '联系我们');
  const software = childRoutes('/about/software').map((route) =>
    known(`software/${leaf(route).toLowerCase()}`, route, '软件共享'),
  );
  const satellites = [...new Set(satelliteGroups)].flatMap((group) => {
    const route = matchAppRoute(`/satellite/${group}`);
    // A group without a page of its own has nowhere to show a description.
    return route?.page ? [known(`satellite/${group}`, route, '卫星介绍')] : [];
  });
  return [...intro, ...geo, contact, ...software, ...satellites];
}
