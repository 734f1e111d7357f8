// POST /api/normal/v5/upload/file: a list of file names or path/rows, kept by the server
// under an uploadId that searches name (the area upload is src/api/uploadShape.ts); GET
// upload/shp/{id} and upload/file/{id}: either upload again, as it answered.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { fileForm } from '../../../api/uploadShape';
import type { UploadKind, UploadedList, UploadedShape } from './types';

/** Extensions the list upload takes. */
export const LIST_EXTENSIONS = ['.txt', '.csv'];

/** The path/row list template (CSV). */
export const PATH_ROW_TEMPLATE = '/api/normal/v5/template/pathandrows';

export function uploadList(file: File, kind: UploadKind): Promise<UploadedList> {
  return unwrap(api.POST('/api/normal/v5/upload/file', { body: fileForm(file, { kind }) }));
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
