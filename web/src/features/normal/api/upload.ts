// POST /api/normal/v5/upload/shp and upload/file: an area of interest from a file (a zipped
// shapefile, KML/KMZ, GeoJSON or WKT) or a list of file names or path/rows, kept by the
// server under an uploadId that searches name; GET upload/shp/{id} and upload/file/{id}: either
// again, as its upload answered.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { UploadKind, UploadedList, UploadedShape } from './types';

/** Extensions the shape upload takes. */
export const SHAPE_EXTENSIONS = ['.zip', '.kml', '.kmz', '.geojson', '.json', '.wkt', '.txt'];
/** Extensions the list upload takes. */
export const LIST_EXTENSIONS = ['.txt', '.csv'];

/** The path/row list template (CSV). */
export const PATH_ROW_TEMPLATE = '/api/normal/v5/template/pathandrows';

function form(file: File, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file);
  return body;
}

export function uploadShape(file: File): Promise<UploadedShape> {
  return unwrap(api.POST('/api/normal/v5/upload/shp', { body: form(file) }));
}

export function uploadList(file: File, kind: UploadKind): Promise<UploadedList> {
  return unwrap(api.POST('/api/normal/v5/upload/file', { body: form(file, { kind }) }));
}

export function getUploadedShape(uploadId: string): Promise<UploadedShape> {
  // Gone (404) is reported where the area is edited, not as a toast.
  return unwrap(api.GET('/api/normal/v5/upload/shp/{id}', { params: { path: { id: uploadId } } }));
}

export function getUploadedList(uploadId: string): Promise<UploadedList> {
  return unwrap(api.GET('/api/normal/v5/upload/file/{id}', { params: { path: { id: uploadId } } }));
}

/** What an area's upload is, and whether the server still has it. */
export interface CurrentUpload<T> {
  /** The upload, once known; null while fetched or when there is none. */
  upload: T | null;
  /** Why an upload named by the address could not be fetched (expired, unknown). */
  gone: string | null;
}

/**
 * The upload `uploadId` names (null: the area is not of this kind, or none is chosen): the one
 * just made on this page when it is that one, else fetched by its id, as after a reload or from
 * a shared link.
 */
export function useCurrentUpload<T extends { uploadId: string }>(
  route: 'shp' | 'file',
  uploadId: string | null,
  madeHere: T | null,
  get: (id: string) => Promise<T>,
): CurrentUpload<T> {
  const here = uploadId !== null && madeHere?.uploadId === uploadId;
  const fetched = useQuery({
    queryKey: ['normal', 'upload', route, uploadId],
    queryFn: () => get(uploadId ?? ''),
    enabled: uploadId !== null && !here,
    // An upload never changes; it only expires.
    staleTime: Infinity,
  });
  if (here) return { upload: madeHere, gone: null };
  if (uploadId === null) return { upload: null, gone: null };
  return { upload: fetched.data ?? null, gone: fetched.error?.message ?? null };
}
