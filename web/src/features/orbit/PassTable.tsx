// The passes as a table: times in Beijing, the satellite's elevation seen from the area, the
// off-nadir angle it needs, the sun's elevation and the direction. Clicking a row selects it.
import { useState, type HTMLAttributes } from 'react';
import { Table, Tag } from 'antd';
import { beijingTimeOf } from '../../lib/beijingTime';
import type { PassRow } from './api/types';
import { passKey } from './timeline';

const degrees = (value: number) => `${value.toFixed(1)}°`;

/** Rows a page: a month of many satellites makes thousands of passes. */
const PAGE_SIZE = 50;

/** A pass's length, e.g. 2分05秒. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return minutes > 0 ? `${minutes}分${rest}秒` : `${whole}秒`;
}

/**
 * The table of `passes`; `selected` is the key of the selected pass. A pass selected elsewhere
 * (on the timeline) turns the table to its page.
 */
export function PassTable({
  passes,
  selected,
  onSelect,
}: {
  passes: readonly PassRow[];
  selected: string | null;
  onSelect: (pass: PassRow) => void;
}) {
  const [page, setPage] = useState(1);
  const [pagedFor, setPagedFor] = useState(selected);
  if (pagedFor !== selected) {
    setPagedFor(selected);
    const index = passes.findIndex((pass) => passKey(pass) === selected);
    if (index >= 0) setPage(Math.floor(index / PAGE_SIZE) + 1);
  }
  return (
    <Table<PassRow>
      className="orbit-table"
      data-testid="orbit-table"
      size="small"
      sticky
      rowKey={passKey}
      dataSource={passes}
      pagination={
        passes.length > PAGE_SIZE && {
          current: page,
          pageSize: PAGE_SIZE,
          showSizeChanger: false,
          onChange: setPage,
        }
      }
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
        {
          title: '结束时间',
          key: 'end',
          render: (_, pass) => beijingTimeOf(pass.end),
          width: 160,
        },
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
