// A page of orders or data requests: the list with its filters (RecordList) and the record
// opened from it in the drawer, with the page's buttons. The owner's pages and the
// administration's differ only in the list they fetch and the buttons they give.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { RecordDetail, RecordKind } from '../../api/getRecordDetail';
import { RecordDetailDrawer } from './RecordDetailDrawer';
import { RecordList, type RecordPage } from './RecordList';
import { NO_FILTER, type RecordFilter } from './filters';

export interface RecordsBrowserProps<P extends RecordPage, K extends readonly unknown[]> {
  kind: RecordKind;
  /** The query of the list with a filter (a list endpoint's queryOptions). */
  list: (filter: RecordFilter) => UseQueryOptions<P, Error, P, K>;
  counts?: ReadonlyMap<number, number>;
  showOwner?: boolean;
  actions: (detail: RecordDetail) => ReactNode;
}

export function RecordsBrowser<P extends RecordPage, K extends readonly unknown[]>({
  kind,
  list,
  counts,
  showOwner,
  actions,
}: RecordsBrowserProps<P, K>) {
  const [filter, setFilter] = useState<RecordFilter>(NO_FILTER);
  const [openId, setOpenId] = useState<number | null>(null);
  const page = useQuery({ ...list(filter), placeholderData: keepPreviousData });
  return (
    <>
      <RecordList
        kind={kind}
        filter={filter}
        onFilterChange={setFilter}
        page={page.data}
        loading={page.isFetching}
        error={page.isError}
        onRetry={() => void page.refetch()}
        onOpen={setOpenId}
        counts={counts}
        showOwner={showOwner}
      />
      <RecordDetailDrawer
        kind={kind}
        id={openId}
        onClose={() => setOpenId(null)}
        actions={actions}
      />
    </>
  );
}
