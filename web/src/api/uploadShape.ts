// POST /api/normal/v5/upload/shp: an area of interest from a file (a zipped shapefile,
// KML/KMZ, GeoJSON or WKT), kept by the server under an uploadId that the image query and
// orbit prediction both take.
import { api, unwrap } from './client';
import type { components } from './schema';

/** The uploaded area of interest (its geojson a WGS84 MultiPolygon). */
export type UploadedShape = components['schemas']['AreaUpload'];

/** Extensions the shape upload takes. */
export const SHAPE_EXTENSIONS = ['.zip', '.kml', '.kmz', '.geojson', '.json', '.wkt', '.txt'];

/** A multipart body of `file` and the text `fields`, as the upload routes take it. */
export function fileForm(file: File, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file);
  return body;
}

/** Uploads an area file; the answer names it by uploadId. */
export function uploadShape(file: File): Promise<UploadedShape> {
  return unwrap(api.POST('/api/normal/v5/upload/shp', { body: fileForm(file) }));
}
