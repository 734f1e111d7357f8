// The spot batches (/api/spotbatch/v1/…): a manager's list of every batch (`manager`) or a
// node user's (`own`: the sent batches that reached their nodes, their part only), making one
// (`batch`), sending it (`send/{id}`), a node's spots on the map (`vector/{id}`) and as a
// workbook (`exportexcel/{id}`).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, unwrapDownload, type NamedFile } from '../../../../api/client';
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

/** The most pages of 100 looked through for a batch opened from the address. */
const FIND_PAGES = 20;

/**
 * One batch by id. The server has no route for one batch, so the caller's list is read, 100
 * at a time, until it turns up; null when it is not among the caller's batches.
 */
async function findBatch(scope: SpotBatchScope, id: number): Promise<SpotBatch | null> {
  for (let pageNum = 1; pageNum <= FIND_PAGES; pageNum += 1) {
    const page = await listBatches(scope, pageNum, 100);
    const found = page.list.find((batch) => batch.id === id);
    if (found) return found;
    if (pageNum * 100 >= page.total) return null;
  }
  return null;
}

export function spotBatchQueryOptions(scope: SpotBatchScope, id: number) {
  return queryOptions({
    queryKey: [...SPOTCHECK_KEY, 'batch', scope, id],
    queryFn: () => findBatch(scope, id),
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
