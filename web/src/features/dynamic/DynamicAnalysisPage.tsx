// 动态分析 (/monitor/dynamicAnalysis): what appeared, grew, shrank or vanished between two
// batches of a monitoring theme. The user picks a theme they may monitor (one with two batches
// or more), a region inside their ranges and the two batches (the two latest at first); the
// map draws the changes in four colours, the table counts them per region one level down
// (click a region to drill in), and 导出Excel writes the table. The route guard has checked
// that the user holds a monitoring permission and an area range.
import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Select, Space, Spin } from 'antd';
import { ArrowRightOutlined, ArrowUpOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import type { DownloadProgress } from '../../api/progressDownload';
import { batchesQueryOptions } from '../../api/getSpotBatches';
import { useThemes } from '../../api/getSpotThemes';
import { useRegionLineage } from '../../api/getRegionLineage';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { MapView } from '../../components/map/MapView';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import { COUNTRY_CODE } from '../../lib/areaRange';
import { formatCount, formatDownload } from '../../lib/figures';
import { regionCodes } from '../../lib/monitoringRule';
import { saveFile } from '../../lib/saveFile';
import { useSession } from '../../lib/session';
import { exportDynamic } from './api/exportDynamic';
import { useDynamic } from './api/getDynamic';
import type { Batch, ThemeInfo, ThemeName } from './api/types';
import {
  CHANGE_KINDS,
  changesLayer,
  comparableThemes,
  latestPair,
  pairProblem,
  regionAbove,
  type BatchPair,
} from './changes';
import { DynamicTable } from './DynamicTable';
import './DynamicAnalysisPage.css';

/** The four colours of the map. */
function ChangeLegend() {
  return (
    <div className="dynamic-legend" data-testid="dynamic-legend">
      <div className="dynamic-legend__title">变化类型</div>
      <ul>
        {CHANGE_KINDS.map(({ kind, label, color }) => (
          <li key={kind} data-testid="legend-kind" data-kind={kind}>
            <i style={{ background: color }} />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 导出Excel of the analysis shown: a spinner while the server works, then the bytes received. */
function ExportButton({
  onExport,
}: {
  onExport: (onProgress: (p: DownloadProgress) => void) => Promise<void>;
}) {
  const [running, setRunning] = useState<{ progress: DownloadProgress | null } | null>(null);
  const run = async () => {
    setRunning({ progress: null });
    try {
      await onExport((progress) => setRunning({ progress }));
    } catch {
      // The client has shown the server's reason.
    } finally {
      setRunning(null);
    }
  };
  return (
    <Space className="dynamic-export">
      <Button
        icon={<DownloadOutlined />}
        loading={running !== null}
        onClick={() => void run()}
        data-testid="dynamic-export"
      >
        导出Excel
      </Button>
      {running && (
        <span data-testid="export-progress">
          {running.progress ? formatDownload(running.progress) : '正在生成文件…'}
        </span>
      )}
    </Space>
  );
}

function Loading({ testId, text }: { testId: string; text: string }) {
  return (
    <div className="dynamic-state" data-testid={testId}>
      <Spin description={text} size="large">
        <div className="dynamic-state__spin" />
      </Spin>
    </div>
  );
}

export default function DynamicAnalysisPage({ title, trail }: PageProps) {
  const themes = useThemes();
  const batches = useQueries({
    queries: (themes.data ?? []).map((theme) => batchesQueryOptions(theme.name)),
  });
  const batchesOf = (name: ThemeName) =>
    batches[(themes.data ?? []).findIndex((theme) => theme.name === name)]?.data;
  const failed = themes.isError || batches.some((answer) => answer.isError);
  const retry = () => {
    void themes.refetch();
    for (const answer of batches) if (answer.isError) void answer.refetch();
  };
  if (failed)
    return (
      <PageFrame title={title} trail={trail}>
        <LoadFailed title="监测专题加载失败" onRetry={retry} testId="dynamic-themes-error" />
      </PageFrame>
    );
  if (!themes.data || batches.some((answer) => !answer.data))
    return (
      <PageFrame title={title} trail={trail}>
        <Loading testId="dynamic-themes-loading" text="正在加载专题…" />
      </PageFrame>
    );
  const offered = comparableThemes(themes.data, batchesOf);
  if (offered.length === 0)
    return (
      <PageFrame title={title} trail={trail}>
        <Empty
          description="暂无可对比的监测专题：专题需有两个以上批次"
          data-testid="dynamic-no-themes"
        />
      </PageFrame>
    );
  return (
    <DynamicAnalysis title={title} themes={offered} batchesOf={(name) => batchesOf(name) ?? []} />
  );
}

/** The choices of an analysis: theme, region (null: the caller's home) and batches. */
interface Choice {
  theme: ThemeInfo;
  region: string | null;
  pair: BatchPair;
}

function DynamicAnalysis({
  title,
  themes,
  batchesOf,
}: {
  title: string;
  /** The themes that can be compared (at least one). */
  themes: readonly ThemeInfo[];
  /** A theme's batches, newest first. */
  batchesOf: (theme: ThemeName) => readonly Batch[];
}) {
  const areaRange = useSession((session) => session.areaRange);
  const ranges = useMemo(() => regionCodes(areaRange), [areaRange]);
  const first = (theme: ThemeInfo): Choice => ({
    theme,
    region: null,
    pair: latestPair(batchesOf(theme.name)) ?? { from: '', to: '' },
  });
  const [choice, setChoice] = useState<Choice>(() => first(themes[0]!));
  const { theme, region, pair } = choice;
  const batches = batchesOf(theme.name);
  const problem = pairProblem(pair, batches);
  const query = problem ? null : { ...pair, ...(region && { xzqdm: region }) };
  const answer = useDynamic(theme.name, query);
  const shown = answer.data;
  const current = region ?? shown?.regionId ?? null;
  const lineage = useRegionLineage(region);
  const focus = useRegionFocus(current);
  const setRegion = (next: string | null) => setChoice({ ...choice, region: next });
  const options = batches.map((batch) => ({ value: batch.id, label: batch.typeName }));

  const layers = problem ? [] : [changesLayer(window.location.origin, theme.name, pair, current)];

  return (
    <MapPageFrame
      className="dynamic"
      testId="dynamic-page"
      title={title}
      side={
        <div className="dynamic__side">
          <div className="dynamic__filters" data-testid="dynamic-filters">
            <Select
              className="dynamic__theme"
              value={theme.name}
              options={themes.map((t) => ({ value: t.name, label: t.title }))}
              onChange={(name: ThemeName) => {
                const next = themes.find((t) => t.name === name);
                if (next) setChoice({ ...first(next), region });
              }}
              data-testid="dynamic-theme"
            />
            <RegionPicker
              value={region}
              onChange={(path) => setRegion(path.at(-1)?.id ?? null)}
              limitTo={ranges}
              includeCountry={ranges.includes(COUNTRY_CODE)}
              placeholder="全部范围"
            />
            <Space.Compact className="dynamic__pair">
              <Select
                value={pair.from}
                options={options}
                onChange={(from: string) => setChoice({ ...choice, pair: { ...pair, from } })}
                data-testid="dynamic-from"
              />
              <span className="dynamic__arrow">
                <ArrowRightOutlined />
              </span>
              <Select
                value={pair.to}
                options={options}
                onChange={(to: string) => setChoice({ ...choice, pair: { ...pair, to } })}
                data-testid="dynamic-to"
              />
            </Space.Compact>
          </div>
          <div className="dynamic__panel">
            {problem ? (
              <Alert type="warning" showIcon title={problem} data-testid="dynamic-pair-problem" />
            ) : answer.isError && !shown ? (
              <LoadFailed
                title="动态分析失败"
                onRetry={() => void answer.refetch()}
                testId="dynamic-error"
              />
            ) : !shown ? (
              <Loading testId="dynamic-loading" text="正在分析…" />
            ) : (
              <>
                <div className="dynamic__bar">
                  <p className="dynamic__total" data-testid="dynamic-total">
                    {shown.name}：{shown.from.typeName} 至 {shown.to.typeName}，
                    {CHANGE_KINDS.map(
                      ({ kind, label }) => `${label} ${formatCount(shown.total[kind].count)} 个`,
                    ).join('、')}
                    ，不变 {formatCount(shown.total.unchanged.count)} 个
                  </p>
                  <Space>
                    {region !== null && (
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        onClick={() => setRegion(regionAbove(lineage.data ?? [], ranges))}
                        data-testid="dynamic-up"
                      >
                        返回上一级
                      </Button>
                    )}
                    <ExportButton
                      onExport={async (onProgress) => {
                        const file = await exportDynamic(
                          theme.name,
                          query ?? pair,
                          `${theme.name}_dynamic_${pair.from}_${pair.to}.xlsx`,
                          onProgress,
                        );
                        saveFile(file.blob, file.name);
                      }}
                    />
                  </Space>
                </div>
                <DynamicTable
                  dynamic={shown}
                  loading={answer.isFetching}
                  onRegion={(code) => setRegion(code)}
                />
              </>
            )}
          </div>
        </div>
      }
      map={
        <MapView extent={focus.extent} highlight={focus.highlight} layers={layers}>
          <ChangeLegend />
        </MapView>
      }
    />
  );
}
