// POST /api/order/v3/order/{id}/cancel and /api/order/v3/request/{id}/cancel: the owner takes
// back an order or request that still waits. 409 (with the server's message) when its status
// moved meanwhile; either way the lists and the detail are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { recordsKey, type RecordKind } from '../../../api/getRecordDetail';

export function cancelRecord(kind: RecordKind, id: number) {
  const params = { path: { id } };
  return kind === 'order'
    ? unwrap(api.POST('/api/order/v3/order/{id}/cancel', { params }))
    : unwrap(api.POST('/api/order/v3/request/{id}/cancel', { params }));
}

export function useCancelRecord(kind: RecordKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelRecord(kind, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKey(kind) }),
  });
}
