// The 选择 tab's second half: the search filters (time range, cloud cover, satellites and
// sensors, resolution classes, payload types, online/offline).
import type { ReactNode } from 'react';
import { Checkbox, DatePicker, Radio, Slider, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useCatalogue } from '../../api/getCatalogue';
import { RESOLUTION_CLASSES } from '../../lib/catalogueCodes';
import { PAYLOAD_TYPES } from './format';
import type { Filters } from './query';
import { choicesOf, keysOf, satelliteTree } from './satellites';

const DAY_FORMAT = 'YYYY-MM-DD';

const ONLINE_OPTIONS = [
  { value: 'all', label: '全部' },
  { value: 'online', label: '在线' },
  { value: 'offline', label: '离线' },
];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="image-query__field">
      <span className="image-query__label">{label}</span>
      {children}
    </div>
  );
}

export function FilterForm({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  const catalogue = useCatalogue();
  const set = (part: Partial<Filters>) => onChange({ ...filters, ...part });
  return (
    <section className="image-query__section" data-testid="filter-form">
      <h2>检索条件</h2>
      <Field label="时间">
        <DatePicker.RangePicker
          data-testid="filter-time"
          allowClear={false}
          value={[dayjs(filters.startTime), dayjs(filters.endTime)]}
          format={DAY_FORMAT}
          onChange={(range) => {
            const [start, end] = range ?? [];
            if (start && end)
              set({ startTime: start.format(DAY_FORMAT), endTime: end.format(DAY_FORMAT) });
          }}
        />
      </Field>
      <Field label={`云量 ≤ ${filters.cloudMax}%`}>
        <Slider
          data-testid="filter-cloud"
          ariaLabelForHandle="云量上限"
          min={0}
          max={100}
          step={5}
          value={filters.cloudMax}
          onChange={(cloudMax) => set({ cloudMax })}
          tooltip={{ formatter: (value) => `${value}%` }}
        />
      </Field>
      <Field label="卫星/传感器">
        <TreeSelect
          data-testid="filter-satellites"
          aria-label="卫星/传感器"
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          placeholder={catalogue.isError ? '卫星目录加载失败' : '全部卫星'}
          loading={catalogue.isPending}
          treeData={catalogue.data ? satelliteTree(catalogue.data) : []}
          value={keysOf(filters.satellites)}
          onChange={(keys: string[]) =>
            catalogue.data && set({ satellites: choicesOf(keys, catalogue.data) })
          }
          maxTagCount="responsive"
          treeNodeFilterProp="title"
          showSearch
          allowClear
          style={{ width: '100%' }}
          popupRender={(menu) => <div data-testid="filter-satellites-menu">{menu}</div>}
        />
      </Field>
      <Field label="分辨率">
        <Checkbox.Group
          data-testid="filter-resolutions"
          options={[...RESOLUTION_CLASSES]}
          value={filters.resolutions}
          onChange={(resolutions) => set({ resolutions: [...resolutions].sort() })}
        />
      </Field>
      <Field label="类型">
        <Checkbox.Group
          data-testid="filter-types"
          options={[...PAYLOAD_TYPES]}
          value={filters.types}
          onChange={(types) => set({ types: [...types].sort() })}
        />
      </Field>
      <Field label="状态">
        <Radio.Group
          data-testid="filter-online"
          optionType="button"
          size="small"
          options={ONLINE_OPTIONS}
          value={filters.online === null ? 'all' : filters.online ? 'online' : 'offline'}
          onChange={(event) => {
            const value = event.target.value as string;
            set({ online: value === 'all' ? null : value === 'online' });
          }}
        />
      </Field>
    </section>
  );
}
