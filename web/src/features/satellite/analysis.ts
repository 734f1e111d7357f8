// The satellite analysis pages' data (pure; tested in analysis.test.ts): each page is one or
// more views, a table and the chart of the same figures, shaped from the catalogue and the
// scene counts. The catalogue holds no investment or plan figures, so the investment page
// counts satellites by their published operator and the plan page by launch year: what the
// catalogue can say honestly.
import type { components } from '../../api/schema';
import {
  ORIGINS,
  PAYLOAD_KINDS,
  RESOLUTION_CLASSES,
  codeLabel,
  type Code,
} from '../../lib/catalogueCodes';
import type { Cell } from '../../lib/csv';
import type { SceneStatistics } from './api/getSceneStatistics';

export type Satellite = components['schemas']['Satellite'];

/** A chart's option as ECharts takes it (bar and line charts over a category axis). */
// A type alias, not an interface: ECharts takes it where it expects an indexable object.
export type ChartOption = {
  tooltip: { trigger: 'axis' };
  legend?: { top: number; type: 'scroll' };
  grid: { left: number; right: number; top: number; bottom: number; containLabel: true };
  xAxis: { type: 'category'; data: string[]; axisLabel?: { rotate: number } };
  yAxis: {
    type: 'value' | 'log';
    name: string;
    minInterval?: number;
    inverse?: boolean;
    nameLocation?: 'start';
  };
  series: {
    name: string;
    type: 'bar' | 'line';
    stack?: string;
    data: (number | null)[];
    connectNulls?: boolean;
  }[];
};

/** One view: a table, the chart of its figures, and the file name of its export. */
export interface AnalysisView {
  /** Heading of the view, the table's caption and the chart's name. */
  title: string;
  header: string[];
  rows: Cell[][];
  chart: ChartOption;
  /** Export file name without extension. */
  fileName: string;
}

/** The analysis pages, by the last segment of their path. */
const ANALYSIS_NAMES = [
  'general-statistic',
  'country-analysis',
  'categories-statistic',
  'investment-pattern-analysis',
  'level-contrast',
  'development-plan',
] as const;

export type AnalysisName = (typeof ANALYSIS_NAMES)[number];

/** What a page says about where its figures come from. */
export const ANALYSIS_NOTES: Readonly<Record<AnalysisName, string>> = {
  'general-statistic':
    '按卫星目录统计各来源、各类型的卫星数量，并按影像库统计各卫星每月入库的影像景数。',
  'country-analysis': '按卫星目录中各卫星所属国家统计；多国联合任务计入每个参与国家。',
  'categories-statistic': '按卫星主载荷类型与最高分辨率等级统计卫星目录中的卫星数量。',
  'investment-pattern-analysis':
    '卫星目录不含投资金额数据；本页按公开的运营机构统计卫星数量，运营机构未公开的卫星单列为“未公开”。',
  'level-contrast':
    '按发射年份对比国产与国外卫星的最高地面分辨率（米，越小越高）：当年发射卫星中的最优值，及截至当年的最优值。',
  'development-plan': '按发射年份统计国产、国外与其他卫星的发射数量，反映卫星体系的发展进程。',
};

const UNKNOWN = '未公开';

/** Counts of `keys` over `items`, in the order the keys first appear. */
function tally<T>(
  items: readonly T[],
  keysOf: (item: T) => readonly string[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items)
    for (const key of keysOf(item)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

function chart(
  categories: string[],
  yName: string,
  series: ChartOption['series'],
  rotate = false,
): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    ...(series.length > 1 && { legend: { top: 0, type: 'scroll' } }),
    grid: { left: 16, right: 24, top: series.length > 1 ? 40 : 24, bottom: 16, containLabel: true },
    xAxis: { type: 'category', data: categories, ...(rotate && { axisLabel: { rotate: 40 } }) },
    yAxis: { type: 'value', name: yName, minInterval: 1 },
    series,
  };
}

/** Satellites counted by two codes: rows of the first, columns of the second, with totals. */
function crossTable(
  satellites: readonly Satellite[],
  title: string,
  fileName: string,
  rows: readonly Code[],
  rowOf: (s: Satellite) => number,
  columns: readonly Code[],
  columnOf: (s: Satellite) => number,
  rowName: string,
): AnalysisView {
  const count = (row: number, column: number) =>
    satellites.filter((s) => rowOf(s) === row && columnOf(s) === column).length;
  const used = rows.filter((row) => satellites.some((s) => rowOf(s) === row.value));
  return {
    title,
    fileName,
    header: [rowName, ...columns.map((c) => c.label), '合计'],
    rows: used.map((row) => {
      const cells = columns.map((column) => count(row.value, column.value));
      return [row.label, ...cells, cells.reduce((a, b) => a + b, 0)];
    }),
    chart: chart(
      used.map((row) => row.label),
      '卫星数（颗）',
      columns.map((column) => ({
        name: column.label,
        type: 'bar',
        stack: 'total',
        data: used.map((row) => count(row.value, column.value)),
      })),
    ),
  };
}

/** How many satellites to name in the monthly chart; the rest are summed as 其他卫星. */
export const MONTHLY_SERIES = 8;

/** Every month from `from` to `to` (YYYY-MM), inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const [fromYear = 0, fromMonth = 1] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 1] = to.split('-').map(Number);
  const months: string[] = [];
  for (let index = fromYear * 12 + fromMonth - 1; index <= toYear * 12 + toMonth - 1; index += 1)
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  return months;
}

/** Scenes per satellite (table) and per month (chart: the biggest satellites, the rest summed). */
export function scenesView(catalogue: readonly Satellite[], stats: SceneStatistics): AnalysisView {
  const months = monthsBetween(stats.from, stats.to);
  const labelOf = (value: string) => catalogue.find((s) => s.value === value)?.label ?? value;
  const inWindow = new Map<string, number>();
  for (const row of stats.months)
    inWindow.set(row.satellite, (inWindow.get(row.satellite) ?? 0) + row.scenes);
  const ranked = [...stats.satellites].sort((a, b) => b.scenes - a.scenes);
  const named = ranked.slice(0, MONTHLY_SERIES).map((row) => row.satellite);
  const perMonth = (keep: (satellite: string) => boolean) =>
    months.map((month) =>
      stats.months
        .filter((row) => row.month === month && keep(row.satellite))
        .reduce((sum, row) => sum + row.scenes, 0),
    );
  const series: ChartOption['series'] = named.map((value) => ({
    name: labelOf(value),
    type: 'bar',
    stack: 'scenes',
    data: perMonth((satellite) => satellite === value),
  }));
  if (ranked.length > named.length)
    series.push({
      name: '其他卫星',
      type: 'bar',
      stack: 'scenes',
      data: perMonth((satellite) => !named.includes(satellite)),
    });
  return {
    title: `各卫星影像入库数量（${stats.from} 至 ${stats.to} 按月）`,
    fileName: '各卫星影像数量',
    header: ['卫星', '标识', '影像总数（景）', `${stats.from} 至 ${stats.to}（景）`],
    rows: ranked.map((row) => [
      labelOf(row.satellite),
      row.satellite,
      row.scenes,
      inWindow.get(row.satellite) ?? 0,
    ]),
    chart: chart(months, '影像数（景）', series, true),
  };
}

/** 总体统计: satellites by origin and type; scenes by satellite and month. */
export function generalViews(
  catalogue: readonly Satellite[],
  stats: SceneStatistics,
): AnalysisView[] {
  return [
    crossTable(
      catalogue,
      '卫星目录按来源与类型统计',
      '卫星来源与类型统计',
      ORIGINS,
      (s) => s.properties,
      PAYLOAD_KINDS,
      (s) => s.type,
      '来源',
    ),
    scenesView(catalogue, stats),
  ];
}

/** The countries of a satellite: joint missions name each, e.g. 美国、德国. */
export function countriesOf(satellite: Satellite): string[] {
  return satellite.country.split('、');
}

/** 国家分析: satellites per country, most first, with their types and sub-metre count. */
export function countryView(catalogue: readonly Satellite[]): AnalysisView {
  const counts = [...tally(catalogue, countriesOf)].sort((a, b) => b[1] - a[1]);
  const of = (country: string) => catalogue.filter((s) => countriesOf(s).includes(country));
  const years = (list: Satellite[]) =>
    list
      .map((s) => s.launchDate?.slice(0, 4))
      .filter((year): year is string => !!year)
      .sort();
  return {
    title: '各国家卫星数量',
    fileName: '各国家卫星数量',
    header: [
      '国家',
      '卫星数（颗）',
      ...PAYLOAD_KINDS.map((k) => k.label),
      '亚米级（颗）',
      '最早发射',
      '最近发射',
    ],
    rows: counts.map(([country, count]) => {
      const list = of(country);
      const launched = years(list);
      return [
        country,
        count,
        ...PAYLOAD_KINDS.map((kind) => list.filter((s) => s.type === kind.value).length),
        list.filter((s) => s.resolution === 1).length,
        launched[0] ?? null,
        launched.at(-1) ?? null,
      ];
    }),
    chart: chart(
      counts.map(([country]) => country),
      '卫星数（颗）',
      [{ name: '卫星数', type: 'bar', data: counts.map(([, count]) => count) }],
    ),
  };
}

/** 类别统计: satellites by payload type and resolution class. */
export function categoryView(catalogue: readonly Satellite[]): AnalysisView {
  return crossTable(
    catalogue,
    '卫星按类型与分辨率等级统计',
    '卫星类型与分辨率统计',
    PAYLOAD_KINDS,
    (s) => s.type,
    RESOLUTION_CLASSES,
    (s) => s.resolution,
    '类型',
  );
}

/** 投资模式分析: satellites per published operator, most first; unpublished ones last. */
export function operatorView(catalogue: readonly Satellite[]): AnalysisView {
  const counts = [...tally(catalogue, (s) => [s.operator ?? UNKNOWN])].sort((a, b) =>
    a[0] === UNKNOWN ? 1 : b[0] === UNKNOWN ? -1 : b[1] - a[1],
  );
  return {
    title: '各运营机构卫星数量',
    fileName: '各运营机构卫星数量',
    header: ['运营机构', '国家', '卫星数（颗）', '卫星'],
    rows: counts.map(([operator, count]) => {
      const list = catalogue.filter((s) => (s.operator ?? UNKNOWN) === operator);
      return [
        operator,
        [...new Set(list.map((s) => s.country))].join('，'),
        count,
        list.map((s) => s.label).join('，'),
      ];
    }),
    chart: chart(
      counts.map(([operator]) => operator),
      '卫星数（颗）',
      [{ name: '卫星数', type: 'bar', data: counts.map(([, count]) => count) }],
      true,
    ),
  };
}

/** The launch year of a satellite, or null when not published. */
function launchYear(satellite: Satellite): number | null {
  const year = Number(satellite.launchDate?.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : null;
}

/** Every year from the first launch to the last, in order. */
function launchYears(catalogue: readonly Satellite[]): number[] {
  const years = catalogue.map(launchYear).filter((year): year is number => year !== null);
  if (!years.length) return [];
  const first = Math.min(...years);
  return Array.from({ length: Math.max(...years) - first + 1 }, (_, i) => first + i);
}

const isChinese = (s: Satellite) => s.properties === 1;

/** 水平对比: best resolution of Chinese and foreign satellites per launch year, and so far. */
export function levelView(catalogue: readonly Satellite[]): AnalysisView {
  const years = launchYears(catalogue);
  const best = (chinese: boolean, year: number, upTo: boolean) => {
    const figures = catalogue
      .filter((s) => {
        const launched = launchYear(s);
        return (
          isChinese(s) === chinese &&
          launched !== null &&
          (upTo ? launched <= year : launched === year)
        );
      })
      .map((s) => s.bestResolutionM)
      .filter((figure): figure is number => figure != null);
    return figures.length ? Math.min(...figures) : null;
  };
  const launched = (chinese: boolean, year: number) =>
    catalogue.filter((s) => isChinese(s) === chinese && launchYear(s) === year).length;
  const rows = years.map((year) => [
    String(year),
    launched(true, year),
    best(true, year, false),
    best(true, year, true),
    launched(false, year),
    best(false, year, false),
    best(false, year, true),
  ]);
  return {
    title: '国产与国外卫星最高分辨率对比（按发射年份）',
    fileName: '国产与国外卫星分辨率对比',
    header: [
      '发射年份',
      '国产发射（颗）',
      '国产当年最优（米）',
      '国产累计最优（米）',
      '国外发射（颗）',
      '国外当年最优（米）',
      '国外累计最优（米）',
    ],
    rows,
    chart: {
      ...chart(
        years.map(String),
        '最高分辨率（米）',
        [
          {
            name: '国产累计最优',
            type: 'line',
            data: years.map((y) => best(true, y, true)),
            connectNulls: true,
          },
          {
            name: '国外累计最优',
            type: 'line',
            data: years.map((y) => best(false, y, true)),
            connectNulls: true,
          },
        ],
        true,
      ),
      // Finer is better: a log axis, finest at the top, its name there too.
      yAxis: { type: 'log', name: '最高分辨率（米）', inverse: true, nameLocation: 'start' },
    },
  };
}

/** 发展规划: launches per year by origin. */
export function launchView(catalogue: readonly Satellite[]): AnalysisView {
  const years = launchYears(catalogue);
  const count = (origin: number, year: number) =>
    catalogue.filter((s) => s.properties === origin && launchYear(s) === year).length;
  return {
    title: '各年度卫星发射数量',
    fileName: '各年度卫星发射数量',
    header: ['发射年份', ...ORIGINS.map((o) => `${o.label}（颗）`), '合计'],
    rows: years.map((year) => {
      const cells = ORIGINS.map((origin) => count(origin.value, year));
      return [String(year), ...cells, cells.reduce((a, b) => a + b, 0)];
    }),
    chart: chart(
      years.map(String),
      '发射数量（颗）',
      ORIGINS.map((origin) => ({
        name: codeLabel(ORIGINS, origin.value),
        type: 'bar',
        stack: 'total',
        data: years.map((year) => count(origin.value, year)),
      })),
      true,
    ),
  };
}

/** The views of an analysis page; the scene counts only feed 总体统计. */
export function analysisViews(
  name: AnalysisName,
  catalogue: readonly Satellite[],
  stats: SceneStatistics | undefined,
): AnalysisView[] | null {
  switch (name) {
    case 'general-statistic':
      return stats ? generalViews(catalogue, stats) : null;
    case 'country-analysis':
      return [countryView(catalogue)];
    case 'categories-statistic':
      return [categoryView(catalogue)];
    case 'investment-pattern-analysis':
      return [operatorView(catalogue)];
    case 'level-contrast':
      return [levelView(catalogue)];
    case 'development-plan':
      return [launchView(catalogue)];
  }
}

/** The analysis page a path names, or null. */
export function analysisName(path: string): AnalysisName | null {
  const last = path.split('/').at(-1);
  return ANALYSIS_NAMES.find((name) => name === last) ?? null;
}
