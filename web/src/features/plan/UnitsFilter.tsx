// The units a summary counts (purchase plan, overall plan, province feedback): their level
// (spec default 省级) and the region they lie in (default 全国); and what those pages say
// when the year has no published plan yet.
import { Empty, Select } from 'antd';
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { UNIT_TYPES, type UnitType } from './api/types';

/** The region the pickers fall back to: the whole country. */
const COUNTRY = '100000';

export function UnitsFilter({
  unitType,
  regionId,
  onChange,
}: {
  unitType: UnitType;
  regionId: string;
  onChange: (patch: { unitType?: UnitType; regionId?: string }) => void;
}) {
  return (
    <>
      <Select
        value={unitType}
        onChange={(next) => onChange({ unitType: next })}
        options={UNIT_TYPES.map((value) => ({ value, label: value }))}
        style={{ width: 100 }}
        aria-label="单位级别"
        data-testid="plan-unit-type"
      />
      <RegionPicker
        value={regionId}
        onChange={(path) => onChange({ regionId: path[path.length - 1]?.id ?? COUNTRY })}
        includeCountry
        style={{ width: 200 }}
      />
    </>
  );
}

/** The notice of a year without a published plan, saying what publishing will make possible. */
export function NoPublishedPlan({
  year,
  then,
  testId,
}: {
  year: number;
  then: string;
  testId: string;
}) {
  return <Empty description={`${year} 年尚无已发布的采集计划，${then}`} data-testid={testId} />;
}
