// Which of the map's requests carry the session's token (pure; tested in requests.test.ts).
// Layers that only some callers see (the monitoring themes) are drawn for the caller the
// `token` header names, like every other authenticated call (spec §7); tiles, styles and
// images from anywhere else get no token.

/** What MapLibre's transformRequest answers for one request. */
export interface MapRequest {
  url: string;
  headers?: Record<string, string>;
}

/** The request for `url`: with the token when it goes to the server's map services at `origin`. */
export function mapRequest(url: string, origin: string, token: string | null): MapRequest {
  if (!token || !url.startsWith(`${origin}/ows/`)) return { url };
  return { url, headers: { token } };
}
