// Shared files of a category (资料共享) or one software's downloads (软件共享): title, type,
// size, date, version for software, and the download link; paged on the server.
import { useState } from 'react';
import { Table, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';
import { formatBytes } from '../../lib/figures';
import { filesQueryOptions, type FilesQuery, type SharedFile } from './api/getFiles';

const PAGE_SIZE = 10;

/** What a file is, from its name's ending (the server checked its content at upload). */
export function fileType(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toUpperCase() : '文件';
}

export function FileTable({
  category,
  owner,
  emptyText = '暂无文件',
}: Pick<FilesQuery, 'category' | 'owner'> & { emptyText?: string }) {
  const [pageNum, setPageNum] = useState(1);
  const files = useQuery(filesQueryOptions({ category, owner, pageNum, pageSize: PAGE_SIZE }));
  if (files.isError) {
    return (
      <LoadFailed
        title="文件列表加载失败"
        onRetry={() => void files.refetch()}
        testId="files-failed"
      />
    );
  }
  const columns: TableProps<SharedFile>['columns'] = [
    { title: '名称', dataIndex: 'title' },
    ...(category === 'software'
      ? [{ title: '版本', dataIndex: 'version', width: 110, render: (v: string) => v || '—' }]
      : []),
    { title: '类型', dataIndex: 'name', width: 80, render: fileType },
    { title: '大小', dataIndex: 'size', width: 110, render: formatBytes },
    { title: '上传时间', dataIndex: 'createdAt', width: 150 },
    {
      title: '下载',
      key: 'download',
      width: 80,
      render: (_: unknown, file) => (
        <a href={file.url} download={file.name} data-testid="file-download">
          下载
        </a>
      ),
    },
  ];
  return (
    <Table<SharedFile>
      rowKey="id"
      columns={columns}
      dataSource={files.data?.list}
      loading={files.isFetching}
      locale={{ emptyText }}
      pagination={{
        current: pageNum,
        pageSize: PAGE_SIZE,
        total: files.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total) => `共 ${total} 个文件`,
        onChange: setPageNum,
        hideOnSinglePage: true,
      }}
      data-testid="file-table"
    />
  );
}
