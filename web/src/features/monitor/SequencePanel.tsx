// SEQUENCE beside its maps: the area, and paging through the batches five at a time (the
// latest five first).
import { Button, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { RegionFilter } from './RegionFilter';
import { SEQUENCE_SIZE } from './state';

export interface SequencePanelProps {
  region: string | null;
  ranges: readonly string[];
  onRegion: (region: string | null) => void;
  page: number;
  lastPage: number;
  batchCount: number;
  onPage: (page: number) => void;
}

export function SequencePanel({
  region,
  ranges,
  onRegion,
  page,
  lastPage,
  batchCount,
  onPage,
}: SequencePanelProps) {
  const newest = page * SEQUENCE_SIZE + 1;
  const oldest = Math.min(batchCount, (page + 1) * SEQUENCE_SIZE);
  return (
    <div className="monitor-sequence-panel" data-testid="sequence-panel" data-page={page}>
      <RegionFilter region={region} ranges={ranges} onRegion={onRegion} />
      <p className="monitor-statistics__total" data-testid="sequence-range">
        {batchCount === 0
          ? '暂无批次'
          : `最新的第 ${newest}–${oldest} 个批次（共 ${batchCount} 个），自左至右由早到晚`}
      </p>
      <Space>
        <Button
          icon={<LeftOutlined />}
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
          data-testid="sequence-earlier"
        >
          更早的批次
        </Button>
        <Button
          icon={<RightOutlined />}
          iconPlacement="end"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
          data-testid="sequence-later"
        >
          较新的批次
        </Button>
      </Space>
    </div>
  );
}
