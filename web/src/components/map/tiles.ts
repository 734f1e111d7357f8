// The vector tiles of the server's map services (`/ows/cloudPlatform`, spec §7 "wmts layers in
// workspace cloudPlatform"), for any layer a domain registers there.

/** What a layer's features depend on besides the tile: key:value pairs, the unset left out. */
export type ViewParams = Record<string, string | number | null | undefined>;

/**
 * The vector tiles of a layer the server's map services serve, narrowed by `params` (sent as
 * GeoServer's `viewparams=key:value;key:value`, e.g. a theme's batch).
 */
export function tilesOf(origin: string, layer: string, params: ViewParams = {}): string[] {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}:${value}`);
  const query = pairs.length ? `?viewparams=${encodeURIComponent(pairs.join(';'))}` : '';
  return [`${origin}/ows/cloudPlatform/wmts/${layer}/{z}/{x}/{y}.pbf${query}`];
}
