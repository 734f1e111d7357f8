// The one mapping between the satellite pages' addresses and the catalogue's `group` names
// (pure; tested in groups.test.ts). The route table spells some pages with hyphens
// (/satellite/global/optical/sentinel-2, …/eo-1, …/cosmo-skymed) and keeps ICESat-2 and
// GRACE-FO directly under /satellite/global; the catalogue groups them as
// `global/optical/sentinel2`, `global/laser/icesat2` and `global/gravity/gracefo`.

const PREFIX = '/satellite/';

/** Pages whose place in the route table differs from their catalogue family. */
const MOVED: Readonly<Record<string, string>> = {
  'global/icesat-2': 'global/laser/icesat2',
  'global/grace-fo': 'global/gravity/gracefo',
};

/** The catalogue group a satellite page shows, e.g. '/satellite/global/radar/alos-2' → 'global/radar/alos2'; null for other pages. */
export function groupOfPath(path: string): string | null {
  if (!path.startsWith(PREFIX)) return null;
  const tail = path.slice(PREFIX.length);
  if (!tail.startsWith('chinese/') && !tail.startsWith('global/')) return null;
  return MOVED[tail] ?? tail.replaceAll('-', '');
}

/** The slug of a group's editable description (page module), e.g. 'satellite/chinese/gf1'. */
export function descriptionSlug(group: string): string {
  return `satellite/${group}`;
}

/** The image query pre-filled for one satellite (all its sensors). */
export function imageQueryLink(value: string): string {
  return `/normal?${new URLSearchParams({ sat: value }).toString()}`;
}

const TYPICAL_PREFIX = '/satellite/typicalImage/';

/** The owner of a typical image page's files (share/v2 category `typical`), e.g. '/satellite/typicalImage/zy3/multispectral' → 'zy3/multispectral'; null for other pages. */
export function typicalOwner(path: string): string | null {
  return path.startsWith(TYPICAL_PREFIX) ? path.slice(TYPICAL_PREFIX.length) || null : null;
}
