// The spot batches (/api/spotbatch/v1/…): a manager's list of every batch (`manager`) or a
// node user's (`own`: the sent batches that reached their nodes, their part only), one batch
// as that list shows it (`batch/{id}`), making one
// (`batch`), sending it (`send/{id}`), a node's spots on the map (`vector/{id}`) and as a
// workbook (`exportexcel/{id}`).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api, unwrap, unwrapDownload, type NamedFile } from '../../../../api/client';
import type { NewSpotBatch, SpotBatch } from './types';

/** Whose batches: every batch (a manager's view) or the caller's nodes'. */
export type SpotBatchScope = 'all' | 'own';

const LISTS = { all: '/api/spotbatch/v1/manager', own: '/api/spotbatch/v1/own' } as const;

/** Everything of spot push and verification is cached under this key: a step refreshes it all. */
export const SPOTCHECK_KEY = ['spotcheck'] as const;

function listBatches(scope: SpotBatchScope, pageNum: number, pageSize: number) {
  return unwrap(api.GET(LISTS[scope], { params: { query: { pageNum, pageSize } } }));
}

export function spotBatchesQueryOptions(scope: SpotBatchScope, pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'batches', scope, pageNum, pageSize],
    queryFn: () => listBatches(scope, pageNum, pageSize),
    placeholderData: keepPreviousData,
  });
}

/**
 * One batch by id, as the caller's list shows it (`batch/{id}`); null when the caller may not
 * see it (a 404: it does not exist, or never reached their nodes).
 */
export function spotBatchQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'batch', id],
    queryFn: async (): Promise<SpotBatch | null> => {
      try {
        return await unwrap(api.GET('/api/spotbatch/v1/batch/{id}', { params: { path: { id } } }), {
          quiet: true,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Makes a batch; a refusal (a bad filter, too many spots, an unknown node) rejects quietly. */
export function createSpotBatch(body: NewSpotBatch): Promise<SpotBatch> {
  return unwrap(api.POST('/api/spotbatch/v1/batch', { body }), { quiet: true });
}

/** Sends a prepared batch to its nodes (409 when already sent: told by a toast). */
export function sendSpotBatch(id: number): Promise<SpotBatch> {
  return unwrap(api.POST('/api/spotbatch/v1/send/{id}', { params: { path: { id } } }));
}

export function spotFeaturesQueryOptions(id: number, nodeId: number) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'vector', id, nodeId],
    queryFn: () =>
      unwrap(
        api.GET('/api/spotbatch/v1/vector/{id}', { params: { path: { id }, query: { nodeId } } }),
      ),
  });
}

/** A node's spots and their verification as a workbook, under the server's name. */
export function exportBatchExcel(id: number, nodeId: number): Promise<NamedFile> {
  return unwrapDownload(
    api.GET('/api/spotbatch/v1/exportexcel/{id}', {
      params: { path: { id }, query: { nodeId } },
      parseAs: 'blob',
    }),
    `spotbatch_${id}_${nodeId}.xlsx`,
  );
}
