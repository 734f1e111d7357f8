// The scenes of an order or a data request, a page at a time; a delivered order's scenes with
// their download links.
import { useState } from 'react';
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { RecordKind } from '../../api/getRecordDetail';
import { recordItemsQueryOptions, type RecordItem } from '../../api/getRecordItems';
import { DEFAULT_PAGE, formatCloud, formatSize, formatTime } from './format';
import { tablePagination, type Paging } from './paging';

export function RecordItemsTable({ kind, id }: { kind: RecordKind; id: number }) {
  const [page, setPage] = useState<Paging>(DEFAULT_PAGE);
  const items = useQuery(recordItemsQueryOptions(kind, id, page));
  const anyLink = items.data?.list.some((item) => item.url) ?? false;
  return (
    <Table<RecordItem>
      size="small"
      rowKey="id"
      data-testid="record-items"
      loading={items.isFetching}
      dataSource={items.data?.list ?? []}
      locale={{ emptyText: items.isError ? '影像列表加载失败' : '暂无影像' }}
      pagination={{
        ...tablePagination(page, items.data?.total ?? 0, setPage, '景'),
        size: 'small',
      }}
      columns={[
        {
          title: '文件名',
          dataIndex: 'fileName',
          ellipsis: true,
          render: (name: string) => <span data-testid="record-item">{name}</span>,
        },
        {
          title: '卫星/传感器',
          key: 'payload',
          width: 120,
          render: (_, item) => `${item.satellite} / ${item.sensor}`,
        },
        {
          title: '成像时间',
          dataIndex: 'acquiredAt',
          width: 140,
          render: (at: number) => formatTime(at),
        },
        { title: '云量', dataIndex: 'cloud', width: 70, render: formatCloud },
        { title: '大小', dataIndex: 'sizeMb', width: 90, render: formatSize },
        ...(anyLink
          ? [
              {
                title: '下载',
                key: 'download',
                width: 70,
                render: (_: unknown, item: RecordItem) =>
                  item.url ? (
                    <a href={item.url} download data-testid="item-download">
                      下载
                    </a>
                  ) : (
                    '—'
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
