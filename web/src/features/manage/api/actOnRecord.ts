// POST /api/order/v3/manage/order/{id}/{action} and …/manage/request/{id}/{action}: an
// administrator moves an order (approve, reject, process, deliver, withdraw) or a request
// (accept, reject, complete); rejections and withdrawals carry a reason. The answer is the
// new detail; 409 (the server's message) when the status moved meanwhile. Either way the
// lists and the detail are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import {
  recordDetailQueryOptions,
  recordsKey,
  type RecordAction,
  type RecordKind,
} from '../../../api/getRecordDetail';

export interface RecordMove {
  id: number;
  action: RecordAction;
  reason?: string;
}

export function actOnRecord(kind: RecordKind, { id, action, reason }: RecordMove) {
  const options = { params: { path: { id, action } }, body: { reason: reason ?? null } };
  return kind === 'order'
    ? unwrap(api.POST('/api/order/v3/manage/order/{id}/{action}', options))
    : unwrap(api.POST('/api/order/v3/manage/request/{id}/{action}', options));
}

export function useActOnRecord(kind: RecordKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: RecordMove) => actOnRecord(kind, move),
    onSuccess: (detail) =>
      queryClient.setQueryData(recordDetailQueryOptions(kind, detail.record.id).queryKey, detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKey(kind) }),
  });
}
