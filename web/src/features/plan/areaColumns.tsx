// The columns both plan tables show of an area: name (with the last edit request's or
// refusal's reason), km², resolution, months, acquisition type and state.
import { Typography, type TableColumnsType } from 'antd';
import { formatKm2 } from '../../lib/figures';
import type { PlanArea } from './api/types';
import { StateTag } from './StateTag';

export const AREA_COLUMNS: TableColumnsType<PlanArea> = [
  {
    title: '名称',
    dataIndex: 'name',
    render: (name: string, area) => (
      <>
        {name}
        {area.reason && (
          <Typography.Text type="secondary" className="plan-reason">
            {area.reason}
          </Typography.Text>
        )}
      </>
    ),
  },
  { title: '面积', dataIndex: 'areaKm2', render: formatKm2 },
  { title: '分辨率', dataIndex: 'resolutionLabel' },
  { title: '月份', dataIndex: 'monthsLabel' },
  { title: '类型', dataIndex: 'cjlxLabel' },
  {
    title: '状态',
    dataIndex: 'state',
    render: (state: PlanArea['state'], area) => <StateTag state={state} label={area.stateLabel} />,
  },
];
