// A spot in a drawer beside the map: its facts, the theme's own attributes under their
// labels, where it is, how large, where the data comes from, and its pictures before and
// after the change in a swipe comparison.
import { Alert, Button, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import { ApiError } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { useSpot } from './api/getSpot';
import { useSpotImage, type When } from './api/getSpotImage';
import type { SpotDetail, ThemeInfo } from './api/types';
import { formatAttr, formatM2, formatMu } from '../../lib/figures';
import { SwipeCompare } from './SwipeCompare';

const WHEN_LABELS: Record<When, string> = { before: '变化前', after: '变化后' };

function Picture({ spot, theme, when }: { spot: SpotDetail; theme: ThemeInfo; when: When }) {
  const link = when === 'before' ? spot.beforeImage : spot.afterImage;
  const image = useSpotImage(theme.name, spot.id, when, Boolean(link));
  const label = WHEN_LABELS[when];
  if (!link) return <span data-testid={`picture-${when}-none`}>无{label}影像</span>;
  if (image.isError) return <span>{label}影像加载失败</span>;
  if (!image.data) return <Spin />;
  return <img src={image.data} alt={`${label}影像`} data-testid={`picture-${when}`} />;
}

function Facts({ spot, theme }: { spot: SpotDetail; theme: ThemeInfo }) {
  const items = [
    { key: 'batch', label: '批次', children: spot.batchName },
    { key: 'stage', label: '阶段', children: spot.stageLabel },
    ...(theme.typeDict
      ? [{ key: 'tblx', label: '图斑类型', children: spot.tblxLabel ?? '—' }]
      : []),
    { key: 'change', label: '变化类别', children: spot.changeLabel },
    {
      key: 'region',
      label: '行政区',
      children: (
        <span data-testid="spot-region">
          {spot.regionName}（{spot.xzqdm}）
        </span>
      ),
    },
    {
      key: 'area',
      label: '面积',
      children: `${formatM2(spot.areaM2)}（${formatMu(spot.areaM2)}）`,
    },
    ...theme.attrs.map((attr) => ({
      key: attr.key,
      label: attr.label,
      children: (
        <span data-testid={`spot-attr-${attr.key}`}>{formatAttr(spot.attrs[attr.key])}</span>
      ),
    })),
    { key: 'file', label: '文件名', children: spot.fileName },
    {
      key: 'source',
      label: '数据来源',
      children: (
        <span data-testid="spot-source">
          {spot.source ?? '—'}
          {spot.demo && (
            <Tag color="orange" style={{ marginInlineStart: 8 }}>
              演示数据
            </Tag>
          )}
        </span>
      ),
    },
  ];
  return <Descriptions size="small" bordered column={1} items={items} data-testid="spot-facts" />;
}

export interface SpotDrawerProps {
  theme: ThemeInfo;
  /** The spot shown; null while the drawer is closed. */
  id: number | null;
  onClose: () => void;
  /** Zooms the map to the spot. */
  onLocate: (spot: SpotDetail) => void;
}

export function SpotDrawer({ theme, id, onClose, onLocate }: SpotDrawerProps) {
  const spot = useSpot(theme.name, id);
  const data = id === null ? undefined : spot.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={520}
      mask={false}
      destroyOnHidden
      title={`图斑 ${id ?? ''}`}
      data-testid="spot-drawer"
      extra={
        data && (
          <Button onClick={() => onLocate(data)} data-testid="spot-locate">
            定位
          </Button>
        )
      }
    >
      {data ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <SwipeCompare
            before={<Picture spot={data} theme={theme} when="before" />}
            after={<Picture spot={data} theme={theme} when="after" />}
          />
          <Facts spot={data} theme={theme} />
        </Space>
      ) : spot.isError ? (
        spot.error instanceof ApiError && spot.error.status === 404 ? (
          <Alert type="warning" showIcon title="该图斑不存在或不在您的权限范围内" />
        ) : (
          <LoadFailed
            title="图斑详情加载失败"
            onRetry={() => void spot.refetch()}
            testId="spot-error"
          />
        )
      ) : (
        <Spin description="正在加载…">
          <div style={{ height: 200 }} />
        </Spin>
      )}
    </Drawer>
  );
}
