// Choosing satellites: filters by payload type and resolution class narrow a tree of origin,
// group and satellite; quick picks add or take away a whole series; the count says how many
// are chosen of the most one prediction takes.
import { useMemo, useState } from 'react';
import { Button, Select, Space, Tree } from 'antd';
import type { OrbitSatellite } from './api/types';
import {
  QUICK_PICKS,
  RESOLUTIONS,
  SATELLITE_TYPES,
  afterCheck,
  filtered,
  quickPick,
  satelliteTree,
  togglePick,
  type SatelliteFilter,
} from './satellites';

/** The picker over `satellites`; `chosen` are catalogue values. */
export function SatellitePicker({
  satellites,
  chosen,
  max,
  onChange,
}: {
  satellites: readonly OrbitSatellite[];
  chosen: readonly string[];
  max: number;
  onChange: (chosen: string[]) => void;
}) {
  const [filter, setFilter] = useState<SatelliteFilter>({ types: [], resolutions: [] });
  const shown = useMemo(() => filtered(satellites, filter), [satellites, filter]);
  const tree = useMemo(() => satelliteTree(shown), [shown]);
  const over = chosen.length > max;
  return (
    <section className="orbit-section" data-testid="orbit-satellites">
      <h2>
        卫星
        <span
          className={over ? 'orbit-count orbit-count--over' : 'orbit-count'}
          data-testid="orbit-satellite-count"
        >
          已选 {chosen.length} 颗（最多 {max} 颗）
        </span>
      </h2>
      <Space.Compact block>
        <Select
          mode="multiple"
          allowClear
          placeholder="全部类型"
          style={{ width: '50%' }}
          maxTagCount="responsive"
          value={[...filter.types]}
          options={SATELLITE_TYPES.map(({ value, label }) => ({ value, label }))}
          onChange={(types: number[]) => setFilter({ ...filter, types })}
          data-testid="orbit-type-filter"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="全部分辨率"
          style={{ width: '50%' }}
          maxTagCount="responsive"
          value={[...filter.resolutions]}
          options={RESOLUTIONS.map(({ value, label }) => ({ value, label }))}
          onChange={(resolutions: number[]) => setFilter({ ...filter, resolutions })}
          data-testid="orbit-resolution-filter"
        />
      </Space.Compact>
      <Space wrap className="orbit-quick">
        {QUICK_PICKS.map(({ key, label, prefix }) => {
          const pick = quickPick(satellites, prefix);
          const all = pick.length > 0 && pick.every((value) => chosen.includes(value));
          return (
            <Button
              key={key}
              size="small"
              type={all ? 'primary' : 'default'}
              aria-pressed={all}
              disabled={pick.length === 0}
              onClick={() => onChange(togglePick(chosen, pick))}
              data-testid={`orbit-quick-${key}`}
            >
              {label}
            </Button>
          );
        })}
        <Button size="small" onClick={() => onChange([])} data-testid="orbit-clear-satellites">
          清空
        </Button>
      </Space>
      <div className="orbit-tree">
        {tree.length === 0 ? (
          <p className="orbit-note">没有符合条件的卫星</p>
        ) : (
          <Tree
            checkable
            selectable={false}
            defaultExpandedKeys={tree.slice(0, 1).map((node) => node.key)}
            treeData={tree}
            checkedKeys={chosen.filter((value) => shown.some((s) => s.value === value))}
            onCheck={(keys) => {
              const checked = (Array.isArray(keys) ? keys : keys.checked).map(String);
              onChange(afterCheck(chosen, shown, checked));
            }}
          />
        )}
      </div>
    </section>
  );
}
