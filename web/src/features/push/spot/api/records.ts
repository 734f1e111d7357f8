// The verification records: lists (/api/push-spot-bjhs/… every record the caller sees,
// /api/push-spot-zdbh/… the key changes, /api/process-spot-bjhs/… the managers' review
// queue), each with its statistics and workbook; a record's detail and position; the steps
// (process) and the photos.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapDownload, unwrapFile, type NamedFile } from '../../../../api/client';
import { fileForm } from '../../../../api/uploadShape';
import { SPOTCHECK_KEY } from './batches';
import type { CheckState, ProcessSpotCheck, SpotPhoto } from './types';

/** Which list: all records (核查记录), key changes (重点变化) or the review queue (待审核). */
export type RecordSource = 'bjhs' | 'zdbh' | 'review';

/** A list's filter, as the routes take it. */
export interface RecordFilter {
  batchId?: number;
  nodeId?: number;
  status?: CheckState;
  result?: number;
}

const LISTS = {
  bjhs: '/api/push-spot-bjhs/query',
  zdbh: '/api/push-spot-zdbh/query',
  review: '/api/process-spot-bjhs/query',
} as const;

const STATISTICS = {
  bjhs: '/api/push-spot-bjhs/statistics',
  zdbh: '/api/push-spot-zdbh/statistics',
  review: '/api/process-spot-bjhs/statistics',
} as const;

const EXPORTS = {
  bjhs: '/api/push-spot-bjhs/export',
  zdbh: '/api/push-spot-zdbh/export',
  review: '/api/process-spot-bjhs/export',
} as const;

export function recordsQueryOptions(
  source: RecordSource,
  filter: RecordFilter,
  pageNum: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'records', source, filter, pageNum, pageSize],
    queryFn: () =>
      unwrap(api.GET(LISTS[source], { params: { query: { ...filter, pageNum, pageSize } } })),
    placeholderData: keepPreviousData,
  });
}

export function statisticsQueryOptions(source: RecordSource, filter: RecordFilter) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'statistics', source, filter],
    queryFn: () => unwrap(api.GET(STATISTICS[source], { params: { query: filter } })),
    placeholderData: keepPreviousData,
  });
}

export function exportRecords(source: RecordSource, filter: RecordFilter): Promise<NamedFile> {
  return unwrapDownload(
    api.GET(EXPORTS[source], { params: { query: filter }, parseAs: 'blob' }),
    `spotcheck_${source}.xlsx`,
  );
}

export function recordQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'record', id],
    queryFn: () => unwrap(api.GET('/api/push-spot-bjhs/detail/{id}', { params: { path: { id } } })),
  });
}

export function positionQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'position', id],
    queryFn: () =>
      unwrap(api.GET('/api/push-spot-bjhs/position/{id}', { params: { path: { id } } })),
  });
}

/** A step on a record; the server's refusal (400, 403, 409) is told by a toast. */
export function processSpotCheck(body: ProcessSpotCheck) {
  return unwrap(api.POST('/api/process-spot-bjhs/process', { body }));
}

export function addPhoto(id: number, file: File): Promise<SpotPhoto> {
  return unwrap(
    api.POST('/api/process-spot-bjhs/photo/{id}', {
      params: { path: { id } },
      body: fileForm(file),
    }),
  );
}

export function deletePhoto(id: number): Promise<boolean> {
  return unwrap(api.DELETE('/api/process-spot-bjhs/photo/{id}', { params: { path: { id } } }));
}

/** The picture as a data: address: the route needs the token header, which <img src> cannot send. */
async function photoDataUrl(photoId: number): Promise<string> {
  const blob = await unwrapFile(
    api.GET('/api/push-spot-bjhs/photo/{photoId}', {
      params: { path: { photoId } },
      parseAs: 'blob',
    }),
    { quiet: true },
  );
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

export function photoQueryOptions(photoId: number) {
  return queryOptions({
    // Not under SPOTCHECK_KEY: a photo's bytes never change, a step need not fetch them again.
    queryKey: ['spotphoto', photoId],
    queryFn: () => photoDataUrl(photoId),
    staleTime: Infinity,
  });
}
