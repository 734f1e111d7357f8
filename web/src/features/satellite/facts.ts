// How a satellite page writes the catalogue's facts (pure; tested in facts.test.ts). A fact the
// catalogue does not hold is said to be unpublished, never left blank or guessed.
import { PAYLOAD_KINDS, codeLabel } from '../../lib/catalogueCodes';
import type { Satellite } from './analysis';
import type { components } from '../../api/schema';

export type Sensor = components['schemas']['Sensor'];

/** What the page says for a fact the catalogue does not hold. */
export const NOT_PUBLISHED = '未公开';

/** A figure with its unit, at most two decimals, e.g. '640.3 千米'; unpublished when absent. */
export function figure(value: number | null | undefined, unit: string, digits = 2): string {
  if (value === null || value === undefined) return NOT_PUBLISHED;
  return `${Number(value.toFixed(digits))} ${unit}`;
}

/** A satellite's facts as term and text, in the order the page lists them. */
export function satelliteFacts(s: Satellite): { term: string; text: string }[] {
  return [
    { term: '卫星标识', text: s.value },
    { term: '所属国家', text: s.country },
    { term: '运营机构', text: s.operator ?? NOT_PUBLISHED },
    { term: '发射日期', text: s.launchDate ?? NOT_PUBLISHED },
    { term: '轨道高度', text: figure(s.altitudeKm, '千米', 1) },
    { term: '轨道倾角', text: figure(s.inclinationDeg, '度') },
    { term: '过境地方时', text: s.localTime ?? NOT_PUBLISHED },
    { term: '幅宽', text: figure(s.swathKm, '千米', 1) },
    { term: '重访周期', text: s.revisit ?? NOT_PUBLISHED },
    { term: '最高分辨率', text: figure(s.bestResolutionM, '米') },
    { term: 'NORAD 编号', text: s.noradId == null ? NOT_PUBLISHED : String(s.noradId) },
  ];
}

/** A sensor's row: id, name, kind, panchromatic (or best) and multispectral resolution. */
export function sensorRow(sensor: Sensor): string[] {
  return [
    sensor.id,
    sensor.name,
    codeLabel(PAYLOAD_KINDS, sensor.type),
    figure(sensor.resolutionM, '米'),
    sensor.multispectralM == null ? '—' : figure(sensor.multispectralM, '米'),
  ];
}
