// 省级节点 (/about/province): the province offices connected to the platform through their
// push nodes, as a table (node, region, connected accounts), from usercenter/pushnode.
import { Table, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';
import { pushNodesQueryOptions, type PushNode } from '../../api/getPushNodes';

const columns: TableProps<PushNode>['columns'] = [
  { title: '节点名称', dataIndex: 'name' },
  {
    title: '所在地区',
    dataIndex: 'regionName',
    render: (name: string | null, node) => name ?? node.regionId,
  },
  { title: '行政区代码', dataIndex: 'regionId', width: 140 },
  { title: '接入账号数', dataIndex: 'accounts', width: 120, align: 'right' },
];

export function ProvincePage() {
  const nodes = useQuery(pushNodesQueryOptions);
  if (nodes.isError) {
    return (
      <LoadFailed
        title="省级节点加载失败"
        onRetry={() => void nodes.refetch()}
        testId="province-load-failed"
      />
    );
  }
  const connected = nodes.data?.filter((node) => node.accounts > 0).length ?? 0;
  return (
    <div data-testid="province-page">
      {nodes.data && (
        <p data-testid="province-summary">
          共 {nodes.data.length} 个省级节点，其中 {connected} 个已接入账号。
        </p>
      )}
      <Table<PushNode>
        rowKey="id"
        columns={columns}
        dataSource={nodes.data}
        loading={nodes.isPending}
        pagination={false}
        locale={{ emptyText: '暂无省级节点' }}
        data-testid="province-table"
      />
    </div>
  );
}
