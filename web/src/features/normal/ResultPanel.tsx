// The 结果 tab: the page of scenes a search found, with quick-looks and key facts, checkboxes
// and select-all, order and paging, fall figures per row or for the page, and 加入购物车.
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Empty, Pagination, Segmented, Spin, Tag, Tooltip } from 'antd';
import { PictureOutlined, SendOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { LoadFailed } from '../../components/LoadFailed';
import { PanelLoading } from './PanelState';
import type { SceneItem, ScenePage } from './api/types';
import { beijingMinuteOf } from '../../lib/beijingTime';
import { formatResolution } from '../../lib/figures';
import { PAGE_SIZES, type Sort } from './query';

function Quicklook({ item }: { item: SceneItem }) {
  const [failed, setFailed] = useState(false);
  if (!item.quicklook || failed)
    return <div className="scene-row__thumb scene-row__thumb--none">无快视图</div>;
  return (
    <img
      className="scene-row__thumb"
      src={item.quicklook}
      alt={`${item.fileName} 快视图`}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

function SceneRow({
  item,
  checked,
  onCheck,
  hovered,
  onHover,
  figureShown,
  onFigure,
}: {
  item: SceneItem;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  hovered: boolean;
  onHover: (id: string | null) => void;
  figureShown: boolean;
  onFigure: () => void;
}) {
  const row = useRef<HTMLLIElement>(null);
  // A footprint hovered on the map brings its row into the list's view.
  useEffect(() => {
    if (hovered) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [hovered]);
  return (
    <li
      ref={row}
      className={hovered ? 'scene-row scene-row--hovered' : 'scene-row'}
      data-testid="scene-row"
      data-id={item.id}
      data-hovered={hovered}
      onMouseEnter={() => onHover(item.id)}
      onMouseLeave={() => onHover(null)}
    >
      <Checkbox
        checked={checked}
        onChange={(event) => onCheck(event.target.checked)}
        aria-label={`选择 ${item.fileName}`}
        data-testid="scene-check"
      />
      <Quicklook item={item} />
      <div className="scene-row__facts">
        <div className="scene-row__name" title={item.fileName} data-testid="scene-name">
          {item.fileName}
        </div>
        <div>
          {item.satellite} / {item.sensor} · {beijingMinuteOf(item.acquiredAt)}
        </div>
        <div>
          云量 {Number(item.cloud.toFixed(1))}% · {formatResolution(item.resolution)}{' '}
          <Tag color={item.online ? 'green' : 'default'} data-testid="scene-online">
            {item.online ? '在线' : '离线'}
          </Tag>
        </div>
      </div>
      <Tooltip title={figureShown ? '移除落图' : '落图（快视图叠加到地图）'}>
        <Button
          size="small"
          type={figureShown ? 'primary' : 'text'}
          icon={<PictureOutlined />}
          aria-pressed={figureShown}
          aria-label="落图"
          data-testid="scene-figure"
          onClick={onFigure}
        />
      </Tooltip>
    </li>
  );
}

export interface ResultPanelProps {
  page: ScenePage | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  checked: ReadonlySet<string>;
  onCheckedChange: (ids: ReadonlySet<string>) => void;
  /** Checks every result (all pages); resolves when done. */
  onCheckAll: () => Promise<void>;
  hovered: string | null;
  onHover: (id: string | null) => void;
  figures: ReadonlySet<string>;
  onFiguresChange: (ids: ReadonlySet<string>) => void;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  onPageChange: (pageNum: number, pageSize: number) => void;
  /** Adds the checked scenes, or every result when none is checked. */
  onAddToCart: () => void;
  addingToCart: boolean;
  /** Sends the checked scenes, or every result, to province nodes; absent: no 推送 (not a manager). */
  onPush?: () => void;
  /** The results' ids are being fetched for 推送. */
  preparingPush?: boolean;
}

export function ResultPanel({
  page,
  loading,
  error,
  onRetry,
  checked,
  onCheckedChange,
  onCheckAll,
  hovered,
  onHover,
  figures,
  onFiguresChange,
  sort,
  onSortChange,
  onPageChange,
  onAddToCart,
  addingToCart,
  onPush,
  preparingPush = false,
}: ResultPanelProps) {
  const [checkingAll, setCheckingAll] = useState(false);
  if (error && !page) {
    return (
      <LoadFailed
        title="查询失败"
        description="影像查询未能完成，请稍后重试。"
        onRetry={onRetry}
        testId="results-error"
      />
    );
  }
  if (!page) {
    return <PanelLoading text="正在查询…" testId="results-loading" />;
  }
  const total = page.total;
  const allChecked = total > 0 && checked.size >= total;
  const pageIds = page.list.map((item) => item.id);
  const pageShown = pageIds.length > 0 && pageIds.every((id) => figures.has(id));
  const toggle = (set: ReadonlySet<string>, ids: readonly string[], on: boolean) => {
    const next = new Set(set);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  };

  return (
    <div className="image-query__results" data-testid="results">
      <div className="image-query__toolbar">
        <Checkbox
          checked={allChecked}
          indeterminate={checked.size > 0 && !allChecked}
          disabled={total === 0 || checkingAll}
          data-testid="results-check-all"
          onChange={() => {
            if (allChecked || checked.size > 0) {
              onCheckedChange(new Set());
              return;
            }
            setCheckingAll(true);
            void onCheckAll().finally(() => setCheckingAll(false));
          }}
        >
          全选
        </Checkbox>
        <span data-testid="results-summary">
          共 <b data-testid="results-total">{total}</b> 景，已选 <b>{checked.size}</b> 景
        </span>
        <Segmented<Sort>
          size="small"
          value={sort}
          onChange={onSortChange}
          data-testid="results-sort"
          options={[
            { value: 'time', label: '按时间' },
            { value: 'cloud', label: '按云量' },
          ]}
        />
      </div>
      <div className="image-query__toolbar">
        <Button
          size="small"
          icon={<PictureOutlined />}
          type={pageShown ? 'primary' : 'default'}
          disabled={pageIds.length === 0}
          data-testid="results-page-figures"
          onClick={() => onFiguresChange(toggle(figures, pageIds, !pageShown))}
        >
          {pageShown ? '取消本页落图' : '本页落图'}
        </Button>
        <Tooltip title={checked.size ? `加入所选 ${checked.size} 景` : '未勾选时加入全部结果'}>
          <Button
            size="small"
            type="primary"
            icon={<ShoppingCartOutlined />}
            disabled={total === 0}
            loading={addingToCart}
            data-testid="add-to-cart"
            onClick={onAddToCart}
          >
            加入购物车
          </Button>
        </Tooltip>
        {onPush && (
          <Tooltip title={checked.size ? `推送所选 ${checked.size} 景` : '未勾选时推送全部结果'}>
            <Button
              size="small"
              icon={<SendOutlined />}
              disabled={total === 0}
              loading={preparingPush}
              data-testid="push-button"
              onClick={onPush}
            >
              推送
            </Button>
          </Tooltip>
        )}
      </div>
      {total === 0 ? (
        <Empty description="暂无数据" data-testid="results-empty" />
      ) : (
        <Spin spinning={loading}>
          <ul className="image-query__list" data-testid="results-list">
            {page.list.map((item) => (
              <SceneRow
                key={item.id}
                item={item}
                checked={checked.has(item.id)}
                onCheck={(on) => onCheckedChange(toggle(checked, [item.id], on))}
                hovered={hovered === item.id}
                onHover={onHover}
                figureShown={figures.has(item.id)}
                onFigure={() => onFiguresChange(toggle(figures, [item.id], !figures.has(item.id)))}
              />
            ))}
          </ul>
        </Spin>
      )}
      {total > 0 && (
        <Pagination
          size="small"
          align="center"
          current={page.pageNum}
          pageSize={page.pageSize}
          total={total}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          onChange={onPageChange}
          data-testid="results-pages"
        />
      )}
    </div>
  );
}
