// One batch of 影像推送 in the side panel: its facts, the node shown (a manager, or an account
// of several nodes, picks it), the exports of that node's delivery, its coverage of the node's
// region (覆盖计算: area, covered km², ratio, a legend of the two parts drawn on the map, and the
// uncovered part to export), and the items, a page at a time.
import { Alert, Button, Descriptions, Select, Space, Table, Tag, type TableProps } from 'antd';
import { ArrowLeftOutlined, CalculatorOutlined, DownloadOutlined } from '@ant-design/icons';
import { CoverageSwatch } from '../../components/map/CoverageSwatch';
import { beijingMinuteOf } from '../../lib/beijingTime';
import { formatKm2, formatRatio } from '../../lib/figures';
import { channelLabel } from '../../lib/pushChannels';
import type { NodeFile } from './api/exportNodeFile';
import type { NodePart, PushCoverage, PushDetail, PushItem } from './api/types';
import { formatSize } from '../../components/orders/format';

/** Items per page of the table. */
export const ITEMS_PAGE_SIZE = 10;

function itemColumns(showNode: boolean): TableProps<PushItem>['columns'] {
  return [
    ...(showNode ? [{ title: '推送节点', dataIndex: 'nodeName', width: 110 }] : []),
    { title: '文件名', dataIndex: 'fileName', ellipsis: true },
    {
      title: '卫星/传感器',
      key: 'sensor',
      width: 110,
      render: (_: unknown, item: PushItem) => `${item.satellite}/${item.sensor}`,
    },
    {
      title: '成像时间',
      dataIndex: 'acquiredAt',
      width: 140,
      render: (instant: string) => beijingMinuteOf(instant),
    },
    { title: '云量', dataIndex: 'cloud', width: 64, render: (cloud: number) => `${cloud}%` },
    {
      title: '数据量',
      dataIndex: 'sizeMb',
      width: 96,
      render: formatSize,
    },
  ];
}

function CoverageFigures({
  coverage,
  exporting,
  onExport,
}: {
  coverage: PushCoverage;
  exporting: NodeFile | null;
  onExport: () => void;
}) {
  const uncoveredKm2 = Math.max(coverage.aoiAreaKm2 - coverage.coveredAreaKm2, 0);
  return (
    <div className="push-coverage" data-testid="push-coverage">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'area', label: '区域面积', children: formatKm2(coverage.aoiAreaKm2) },
          { key: 'covered', label: '覆盖面积', children: formatKm2(coverage.coveredAreaKm2) },
          {
            key: 'ratio',
            label: '覆盖率',
            children: <b data-testid="push-coverage-ratio">{formatRatio(coverage.ratio)}</b>,
          },
          { key: 'scenes', label: '参与统计景数', children: `${coverage.sceneCount} 景` },
        ]}
      />
      <div className="push-coverage__legend" data-testid="push-coverage-legend">
        <span>
          <CoverageSwatch part="covered" /> 已覆盖（{formatKm2(coverage.coveredAreaKm2)}）
        </span>
        <span data-testid="push-coverage-legend-uncovered">
          <CoverageSwatch part="notCovered" /> 未覆盖（{formatKm2(uncoveredKm2)}）
        </span>
      </div>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting === 'notCovered'}
        disabled={exporting !== null || uncoveredKm2 === 0}
        onClick={onExport}
        data-testid="push-export-not-covered"
      >
        导出未覆盖区域
      </Button>
    </div>
  );
}

export interface BatchDetailProps {
  detail: PushDetail;
  /** The node whose delivery is shown, exported and measured. */
  node: NodePart | undefined;
  onNodeChange: (nodeId: number) => void;
  /** A manager sees every node's items, and which node each went to. */
  manager: boolean;
  onItemsPageChange: (pageNum: number) => void;
  itemsLoading: boolean;
  coverage: PushCoverage | undefined;
  calculating: boolean;
  onCalculate: () => void;
  exporting: NodeFile | null;
  onExport: (file: NodeFile) => void;
  onBack: () => void;
}

export function BatchDetail({
  detail,
  node,
  onNodeChange,
  manager,
  onItemsPageChange,
  itemsLoading,
  coverage,
  calculating,
  onCalculate,
  exporting,
  onExport,
  onBack,
}: BatchDetailProps) {
  const { batch, items } = detail;
  const received = (node?.sceneCount ?? 0) > 0;
  return (
    <div className="push-detail" data-testid="push-detail" data-id={batch.id}>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="push-back">
        返回批次列表
      </Button>
      <h2 className="push-detail__name" data-testid="push-detail-name">
        {batch.name} {batch.demo && <Tag>演示</Tag>}
      </h2>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'channel', label: '推送方式', children: channelLabel(batch.channel) },
          { key: 'time', label: '推送时间', children: batch.createdAt },
          { key: 'creator', label: '推送人', children: batch.creator },
          {
            key: 'size',
            label: '推送数据',
            children: `${batch.sceneCount} 景，${formatSize(batch.sizeMb)}`,
          },
        ]}
      />
      <Space wrap className="push-detail__node">
        推送节点
        <Select
          aria-label="推送节点"
          value={node?.nodeId}
          onChange={onNodeChange}
          options={batch.nodes.map((part) => ({
            value: part.nodeId,
            label: `${part.nodeName}（${part.sceneCount} 景）`,
          }))}
          disabled={batch.nodes.length < 2}
          style={{ width: 260 }}
          data-testid="push-node"
        />
      </Space>
      {node && !received && <Alert type="info" showIcon title="该批次没有推送到此节点的影像" />}
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting === 'shapefile'}
          disabled={!received || exporting !== null}
          onClick={() => onExport('shapefile')}
          data-testid="push-export-shp"
        >
          导出Shapefile
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting === 'excel'}
          disabled={!received || exporting !== null}
          onClick={() => onExport('excel')}
          data-testid="push-export-excel"
        >
          导出Excel
        </Button>
        <Button
          type="primary"
          icon={<CalculatorOutlined />}
          loading={calculating}
          disabled={!received}
          onClick={onCalculate}
          data-testid="push-calculate"
        >
          覆盖计算
        </Button>
      </Space>
      {coverage && (
        <CoverageFigures
          coverage={coverage}
          exporting={exporting}
          onExport={() => onExport('notCovered')}
        />
      )}
      <Table<PushItem>
        rowKey={(item) => `${item.nodeId}:${item.sceneId}`}
        size="small"
        columns={itemColumns(manager && batch.nodes.length > 1)}
        dataSource={items.list}
        loading={itemsLoading}
        scroll={{ x: 600 }}
        locale={{ emptyText: '该批次没有推送影像' }}
        pagination={{
          size: 'small',
          current: items.pageNum,
          pageSize: items.pageSize,
          total: items.total,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 景`,
          onChange: onItemsPageChange,
        }}
        data-testid="push-items"
      />
    </div>
  );
}
