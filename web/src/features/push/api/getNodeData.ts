// What a batch delivered to one node, beside its items: the footprints (GeoJSON, clipped to
// the node's region) and the coverage of the region (GET vector/{id} and coverCalculate/{id}
// with `nodeId`). The coverage runs under the server's heavy-work budget (429/503 toasts).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export function footprintsQueryOptions(id: number, nodeId: number) {
  return queryOptions({
    queryKey: ['push', 'vector', id, nodeId],
    queryFn: () =>
      unwrap(api.GET('/api/push/v1/vector/{id}', { params: { path: { id }, query: { nodeId } } })),
  });
}

export function coverageQueryOptions(id: number, nodeId: number) {
  return queryOptions({
    queryKey: ['push', 'coverage', id, nodeId],
    queryFn: () =>
      unwrap(
        api.GET('/api/push/v1/coverCalculate/{id}', {
          params: { path: { id }, query: { nodeId } },
        }),
      ),
  });
}
