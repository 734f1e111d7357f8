// GET /api/sta-distribute/{channel}, /detail and /export: what the image push batches of a
// Beijing year delivered, per node, month and satellite for one channel; the (batch, node)
// deliveries page by page; and all of it as one workbook. A node user's answers count only
// their own nodes (the server decides).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapDownload, type NamedFile } from '../../../api/client';
import type { components } from '../../../api/schema';

export type Distribution = components['schemas']['Distribution'];
export type DeliveryRow = components['schemas']['DeliveryRow'];
export type PushChannel = components['schemas']['PushChannel'];

/** What the page counts: a year, and one node or every node the caller sees. */
export interface PushQuery {
  year: number;
  nodeId?: number;
}

export function distributionQueryOptions(channel: PushChannel, { year, nodeId }: PushQuery) {
  return queryOptions({
    queryKey: ['push', 'distribution', channel, year, nodeId ?? null],
    queryFn: () =>
      unwrap(
        api.GET('/api/sta-distribute/{channel}', {
          params: { path: { channel }, query: { year, nodeId } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function deliveriesQueryOptions(
  { year, nodeId }: PushQuery,
  pageNum: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: ['push', 'deliveries', year, nodeId ?? null, pageNum, pageSize],
    queryFn: () =>
      unwrap(
        api.GET('/api/sta-distribute/detail', {
          params: { query: { year, nodeId, pageNum, pageSize } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function exportPushStatistics(query: PushQuery): Promise<NamedFile> {
  return unwrapDownload(
    api.GET('/api/sta-distribute/export', { params: { query }, parseAs: 'blob' }),
    `push_statistics_${query.year}.xlsx`,
  );
}

export type VerificationProgress = components['schemas']['VerificationProgress'];

/** GET /api/sta-distribute/progress: how far the nodes have verified the spots sent in a year. */
export function progressQueryOptions({ year, nodeId }: PushQuery) {
  return queryOptions({
    queryKey: ['push', 'progress', year, nodeId ?? null],
    queryFn: () =>
      unwrap(api.GET('/api/sta-distribute/progress', { params: { query: { year, nodeId } } })),
    placeholderData: keepPreviousData,
  });
}
