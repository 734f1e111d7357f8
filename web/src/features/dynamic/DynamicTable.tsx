// The regions of a dynamic analysis: for each, the count and area (亩) of each kind of
// change, and the total below. A region with regions under it opens on click.
import { Table } from 'antd';
import { drillRow, regionNameColumn } from '../../components/regionTable';
import { formatCount, formatMu } from '../../lib/figures';
import type { Dynamic, DynamicRegion, Tally } from './api/types';
import { TABLE_KINDS } from './changes';

function TallyCell({ tally }: { tally: Tally }) {
  return (
    <span className="dynamic-table__tally">
      <b>{formatCount(tally.count)}</b>
      <small>{formatMu(tally.areaM2)}</small>
    </span>
  );
}

export function DynamicTable({
  dynamic,
  loading,
  onRegion,
}: {
  dynamic: Dynamic;
  loading: boolean;
  /** Drill into a region. */
  onRegion: (code: string) => void;
}) {
  return (
    <Table<DynamicRegion>
      rowKey="regionId"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={dynamic.regions}
      data-testid="dynamic-table"
      locale={{ emptyText: '已是最下一级行政区' }}
      onRow={drillRow(onRegion)}
      columns={[
        regionNameColumn(),
        ...TABLE_KINDS.map(({ key, label }) => ({
          title: label,
          key,
          align: 'right' as const,
          render: (_: unknown, row: DynamicRegion) => <TallyCell tally={row[key]} />,
        })),
      ]}
      summary={() => (
        <Table.Summary.Row data-testid="dynamic-sum">
          <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
          {TABLE_KINDS.map(({ key }, index) => (
            <Table.Summary.Cell key={key} index={index + 1} align="right">
              <TallyCell tally={dynamic.total[key]} />
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )}
    />
  );
}
