// The passes as a table: times in Beijing, the satellite's elevation seen from the area, the
// off-nadir angle it needs, the sun's elevation and the direction. Clicking a row selects it.
import type { HTMLAttributes } from 'react';
import { Table, Tag } from 'antd';
import { beijingTimeOf } from '../../lib/beijingTime';
import type { PassRow } from './api/types';
import { passKey } from './timeline';

const degrees = (value: number) => `${value.toFixed(1)}°`;

/** A pass's length, e.g. 2分05秒. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return minutes > 0 ? `${minutes}分${rest}秒` : `${whole}秒`;
}

/** The table of `passes`; `selected` is the key of the selected pass. */
export function PassTable({
  passes,
  selected,
  onSelect,
}: {
  passes: readonly PassRow[];
  selected: string | null;
  onSelect: (pass: PassRow) => void;
}) {
  return (
    <Table<PassRow>
      className="orbit-table"
      data-testid="orbit-table"
      size="small"
      rowKey={passKey}
      dataSource={passes}
      pagination={false}
      rowClassName={(pass) => (passKey(pass) === selected ? 'orbit-table__selected' : '')}
      onRow={(pass) => {
        const row: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string> = {
          onClick: () => onSelect(pass),
          'data-testid': 'pass-row',
          'data-selected': String(passKey(pass) === selected),
        };
        return row;
      }}
      columns={[
        { title: '卫星', key: 'label', dataIndex: 'label', ellipsis: true },
        {
          title: '开始时间',
          key: 'start',
          render: (_, pass) => beijingTimeOf(pass.start),
          width: 160,
        },
        { title: '结束时间', key: 'end', render: (_, pass) => beijingTimeOf(pass.end), width: 160 },
        { title: '时长', key: 'duration', render: (_, pass) => formatDuration(pass.durationS) },
        {
          title: '最大高度角',
          key: 'elevation',
          align: 'right',
          render: (_, pass) => degrees(pass.elevationDeg),
        },
        {
          title: '侧摆角',
          key: 'offNadir',
          align: 'right',
          render: (_, pass) => degrees(pass.offNadirDeg),
        },
        {
          title: '太阳高度角',
          key: 'sun',
          align: 'right',
          render: (_, pass) => degrees(pass.sunElevationDeg),
        },
        {
          title: '升降轨',
          key: 'ascending',
          render: (_, pass) => (
            <Tag color={pass.ascending ? 'blue' : 'purple'}>{pass.ascending ? '升轨' : '降轨'}</Tag>
          ),
        },
      ]}
    />
  );
}
