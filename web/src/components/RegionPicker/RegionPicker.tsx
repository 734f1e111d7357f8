// The province → city → county picker (spec §4). Each level is loaded from
// /api/region/v2/pid/{id}/l when it is opened; a region given as `value` gets its parents
// from /api/region/v2/id/{id}/l, so a county code alone shows 湖北省 / 武汉市 / 洪山区.
import { useMemo, useState, type CSSProperties } from 'react';
import { Cascader } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { regionOptionsQueryOptions, type RegionOption } from '../../api/getRegionOptions';
import { useRegionLineage } from '../../api/getRegionLineage';
import { COUNTRY_CODE } from '../../lib/areaRange';
import { buildPickerOptions, parentsToLoad, valuePathOf, type PickerOption } from './pickerOptions';

/** One region of a chosen path. */
export interface RegionChoice {
  id: string;
  name: string;
  isLeaf: boolean;
}

export interface RegionPickerProps {
  /** The chosen region's code (province, city, county, or 100000); null or absent: none. */
  value?: string | null;
  /** The chosen path from the province down to the region (or [全国]); [] when cleared. */
  onChange?: (path: RegionChoice[]) => void;
  /** Offer 100000 全国 before the provinces. */
  includeCountry?: boolean;
  /** The user's area ranges (region codes): only regions inside them can be chosen. */
  limitTo?: readonly string[];
  /** Only leaves (counties, cities without counties) can be chosen; default: any level. */
  leafOnly?: boolean;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  className?: string;
}

export function RegionPicker({
  value,
  onChange,
  includeCountry,
  limitTo,
  leafOnly = false,
  placeholder = '请选择行政区',
  disabled,
  style,
  className,
}: RegionPickerProps) {
  // The last path chosen here: when it comes back as `value`, its parents are known already.
  const [chosen, setChosen] = useState<{ code: string; path: string[] } | null>(null);
  // Options the user opened: their children are loaded and kept.
  const [opened, setOpened] = useState<string[]>([]);

  const code = value ?? null;
  const known = code !== null && (code === chosen?.code || code === COUNTRY_CODE);
  const lineage = useRegionLineage(known ? null : code);
  const valuePath = useMemo(() => {
    if (code === null) return [];
    if (code === chosen?.code) return chosen.path;
    if (code === COUNTRY_CODE) return [COUNTRY_CODE];
    return lineage.data ? valuePathOf(lineage.data) : [];
  }, [code, chosen, lineage.data]);

  const parents = parentsToLoad(valuePath, opened);
  const loaded = useQueries({
    queries: parents.map((parent) => regionOptionsQueryOptions(parent)),
  });
  const children = new Map<string, readonly RegionOption[]>();
  parents.forEach((parent, index) => {
    const answer = loaded[index];
    // A level that failed to load shows empty (the client has said why).
    const list = answer?.data ?? (answer?.isError ? [] : undefined);
    if (list) children.set(parent, list);
  });
  const options = buildPickerOptions({ children, limitTo, includeCountry });

  const choose = (path: (string | number)[] | undefined, selected: PickerOption[] | undefined) => {
    const regions = selected ?? [];
    const last = regions[regions.length - 1];
    if (!path || !last) {
      setChosen(null);
      onChange?.([]);
      return;
    }
    // A parent of a range is only the way to it.
    if (last.passage) return;
    setChosen({ code: last.value, path: regions.map((option) => option.value) });
    onChange?.(regions.map(({ value: id, label, isLeaf }) => ({ id, name: label, isLeaf })));
  };

  return (
    <Cascader<PickerOption>
      className={className}
      style={style}
      data-testid="region-picker"
      aria-label="行政区"
      options={options}
      value={valuePath}
      onChange={choose}
      loadData={(selected) => {
        const last = selected[selected.length - 1];
        if (last) setOpened((list) => (list.includes(last.value) ? list : [...list, last.value]));
      }}
      changeOnSelect={!leafOnly}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      optionRender={(option) => (
        <span data-testid="region-option" data-code={option.value}>
          {option.label}
        </span>
      )}
      popupRender={(menu) => <div data-testid="region-picker-menu">{menu}</div>}
    />
  );
}
