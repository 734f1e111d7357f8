// One monitoring theme's page (spec §4, §9): STATISTICS (a choropleth of the regions one level
// down, the table beside it, drilling down and back up), DETAIL (filters, legend, the paged
// list, the spots on the map, a spot's detail, exports), GRID (spot density on a grid of
// cells), SEQUENCE (five batches side by side on small maps moving together) and TREND (charts
// and a table per batch; a batch clicked opens in DETAIL). Everything theme-specific comes
// from the theme's configuration, the modes offered too; the state is one object (state.ts)
// and the switches between modes follow the rules of modes.ts.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Checkbox, Select, Tabs, Tooltip } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dictQueryOptions, useDict } from '../../api/getDict';
import { getAreaRange } from '../../api/getAreaRange';
import { useRegionLineage } from '../../api/getRegionLineage';
import { MapPageFrame } from '../../components/MapPageFrame';
import { MapView } from '../../components/map/MapView';
import { asBbox, type FeatureHit, type MapViewHandle } from '../../components/map/types';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import { regionCodes } from '../../lib/monitoringRule';
import { openLogin, whenLoggedIn } from '../../lib/loginPrompt';
import { useSession } from '../../lib/session';
import { useBatches } from '../../api/getSpotBatches';
import { useGrid } from './api/getGrid';
import { useTrend } from './api/getTrend';
import { spotQueryOptions, useSpot } from './api/getSpot';
import { useSpots } from './api/getSpots';
import { useStatistics } from './api/getStatistics';
import type { GridCell } from './api/types';
import type { ThemeInfo } from './api/types';
import { ChoroplethLegend } from './ChoroplethLegend';
import { choroplethMinZoom, legendClasses } from '../../components/map/choropleth';
import { maxOf } from './choropleth';
import { DetailPanel } from './DetailPanel';
import { gridMax, tileBbox } from './grid';
import { GridPanel } from './GridPanel';
import {
  CHOROPLETH,
  SPOTS,
  choroplethLayer,
  gridLayer,
  legendColors,
  openedSpotLayer,
  regionOutlineLayer,
  spotsLayer,
  zonesLayer,
} from './mapLayers';
import { cleared, modesOf, switchMode } from './modes';
import { SequencePanel } from './SequencePanel';
import { SequenceView } from './SequenceView';
import { SpotDrawer } from './SpotDrawer';
import { StatisticsPanel } from './StatisticsPanel';
import {
  DETAIL,
  GRID,
  SEQUENCE,
  STATISTICS,
  TREND,
  crumbsOf,
  defaultState,
  gridQuery,
  lastSequencePage,
  legendChoices,
  legendDict,
  listQuery,
  nothingChecked,
  refilter,
  sequenceBatches,
  statisticsQuery,
  trendQuery,
  type Mode,
  type MonitorState,
} from './state';
import { rowsOf, trendRows } from './trend';
import { TrendPanel } from './TrendPanel';
import { TrendView } from './TrendView';

/** The caller's ranges again from the server (after a login made here, the guard has not). */
async function refreshRanges(): Promise<void> {
  const user = useSession.getState().userInfo;
  if (user) useSession.setState({ areaRange: await getAreaRange(user.id) });
}

export function ThemeMonitor({ theme, title }: { theme: ThemeInfo; title: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const map = useRef<MapViewHandle>(null);
  const areaRange = useSession((session) => session.areaRange);
  const ranges = useMemo(() => regionCodes(areaRange), [areaRange]);
  const [state, setState] = useState<MonitorState>(() => defaultState(theme));
  const [opened, setOpened] = useState<number | null>(null);
  // A 清空 starts the detail filters' own fields (the file name being typed) afresh too.
  const [clears, setClears] = useState(0);
  const detail = state.mode === DETAIL;
  const modes = useMemo(() => modesOf(theme), [theme]);
  const gridLevel = state.gridLevel ?? theme.gridLevel;

  // What a switch retried after a login reads: the state then, not the one it was asked in.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });

  const change = (part: Parameters<typeof refilter>[1]) => setState(refilter(state, part));

  // Answers.
  const batches = useBatches(theme.name);
  const shownBatch = state.batch ?? batches.data?.[0]?.id ?? null;
  const statistics = useStatistics(theme.name, statisticsQuery(state));
  const lineage = useRegionLineage(statistics.data?.regionId ?? null);
  const crumbs = useMemo(
    () => (lineage.data ? crumbsOf(lineage.data, ranges) : []),
    [lineage.data, ranges],
  );
  const spots = useSpots(theme.name, detail ? listQuery(state) : null);
  const grid = useGrid(theme.name, state.mode === GRID ? gridQuery(state, gridLevel) : null);
  const overTime = state.mode === SEQUENCE || state.mode === TREND;
  const trend = useTrend(theme.name, overTime ? trendQuery(state) : null);
  const shownBatches = sequenceBatches(batches.data ?? [], state.sequencePage);
  const openedSpot = useSpot(theme.name, opened);
  const stages = useDict(theme.stageDict);
  const types = useQuery({
    ...dictQueryOptions(theme.typeDict ?? ''),
    enabled: Boolean(theme.typeDict),
  });
  const legendValues = useDict(legendDict(theme, state.legend.by));
  const colors = useMemo(
    () =>
      legendColors(
        state.legend.by,
        (legendValues.data ?? []).map((item) => item.value),
      ),
    [state.legend.by, legendValues.data],
  );

  // Switching modes (spec §4), with another batch chosen first (one opened from TREND).
  const trySwitch = (mode: Mode, change: Partial<Pick<MonitorState, 'batch'>> = {}) => {
    const session = useSession.getState();
    const outcome = switchMode(
      { ...latest.current, ...change },
      mode,
      { loggedIn: session.userInfo !== null, ranges: regionCodes(session.areaRange) },
      theme,
    );
    switch (outcome.kind) {
      case 'login':
        whenLoggedIn(
          () =>
            void refreshRanges().then(
              () => trySwitch(mode, change),
              () => undefined,
            ),
        );
        openLogin();
        return;
      case 'refuse':
        void message.error(outcome.message);
        return;
      case 'switch':
        setState(outcome.state);
        if (mode !== DETAIL) setOpened(null);
    }
  };

  const clear = () => {
    setState(cleared(state, theme, ranges));
    setOpened(null);
    setClears((count) => count + 1);
  };

  /** A batch of SEQUENCE or TREND clicked: DETAIL of that batch. */
  const openBatch = (batch: string) => trySwitch(DETAIL, { batch });

  const goRegion = (region: string | null) => {
    setState(refilter(state, { region }));
    setOpened(null);
  };

  const fitTo = (box: readonly number[]) => {
    const bbox = asBbox(box);
    if (bbox) map.current?.fitBounds(bbox);
  };

  /** Opens a spot and zooms to it (its box known from the list, or asked for). */
  const openSpot = (id: number, box?: readonly number[]) => {
    setOpened(id);
    if (box) {
      fitTo(box);
      return;
    }
    queryClient.fetchQuery(spotQueryOptions(theme.name, id)).then(
      (spot) => fitTo(spot.bbox),
      // The drawer says why.
      () => undefined,
    );
  };

  const flyToCell = (cell: GridCell) => {
    map.current?.fitBounds(tileBbox(cell.x, cell.y, grid.data?.level ?? gridLevel));
  };

  const clickMap = (hit: FeatureHit) => {
    if (hit.layer === CHOROPLETH && !detail) {
      const row = statistics.data?.regions.find((region) => region.regionId === hit.id);
      if (row?.hasChildren) goRegion(row.regionId);
    }
    if (hit.layer === SPOTS && detail) openSpot(Number(hit.id));
  };

  // The map.
  const focusRegion = state.region ?? statistics.data?.regionId ?? null;
  const focus = useRegionFocus(focusRegion);
  const origin = window.location.origin;
  const openedGeometry = opened === null ? undefined : openedSpot.data?.geometry;
  const openedLayer = useMemo(
    () => (openedGeometry ? openedSpotLayer(openedGeometry) : null),
    [openedGeometry],
  );
  const regionRows = statistics.data?.regions;
  const outline = focus.highlight ? [regionOutlineLayer(focus.highlight)] : [];
  const spotsOf = (batch: string | null) =>
    nothingChecked(state.legend) ? [] : [spotsLayer(theme.layer, state, batch, colors, origin)];
  const zonesOf = (batch: string | null) =>
    theme.zonesLayer && state.zones ? [zonesLayer(theme.zonesLayer, batch, origin)] : [];
  const gridTop = grid.data ? gridMax(grid.data, state.gridMeasure) : 0;
  const layersOf = (mode: Mode) => {
    switch (mode) {
      case DETAIL:
        return [
          ...zonesOf(shownBatch),
          ...spotsOf(shownBatch),
          ...(openedLayer ? [openedLayer] : []),
        ];
      case GRID:
        return [
          ...(grid.data
            ? [
                gridLayer(
                  {
                    theme: theme.name,
                    level: grid.data.level,
                    batch: grid.data.batch?.id ?? shownBatch,
                    regionId: grid.data.regionId,
                    max: gridTop,
                  },
                  state.gridMeasure,
                  theme.ramp,
                  origin,
                ),
              ]
            : []),
          ...outline,
        ];
      default:
        return [
          ...(regionRows ? [choroplethLayer(regionRows, state.measure, theme.ramp, origin)] : []),
          ...outline,
        ];
    }
  };
  const legend =
    state.mode === GRID
      ? grid.data && {
          classes: legendClasses(gridTop, theme.ramp),
          measure: state.gridMeasure,
        }
      : state.mode === STATISTICS &&
        statistics.data && {
          classes: legendClasses(maxOf(regionRows ?? [], state.measure), theme.ramp),
          measure: state.measure,
        };
  const batchCount = batches.data?.length ?? 0;
  const exportName = `${theme.title}_${shownBatch ?? ''}`;

  const panel = () => {
    switch (state.mode) {
      case DETAIL:
        return (
          <DetailPanel
            key={clears}
            theme={theme}
            state={state}
            onFilter={change}
            onPage={(paging) => setState({ ...state, paging })}
            ranges={ranges}
            stages={stages.data ?? []}
            types={types.data ?? []}
            legend={{
              onChange: (legend) => change({ legend }),
              choices: legendChoices(theme),
              items: (legendValues.data ?? []).map(({ value, label }) => ({
                value,
                label,
                color: colors.get(value) ?? '',
              })),
            }}
            page={spots.data}
            loading={spots.isFetching}
            error={spots.isError}
            onRetry={() => void spots.refetch()}
            onOpen={(spot) => openSpot(spot.id, spot.bbox)}
            exportName={exportName}
          />
        );
      case GRID:
        return (
          <GridPanel
            grid={grid.data}
            loading={grid.isFetching}
            error={grid.isError}
            onRetry={() => void grid.refetch()}
            level={gridLevel}
            onLevel={(level) => setState({ ...state, gridLevel: level })}
            measure={state.gridMeasure}
            onMeasure={(gridMeasure) => setState({ ...state, gridMeasure })}
            region={state.region}
            ranges={ranges}
            onRegion={goRegion}
            onCell={flyToCell}
          />
        );
      case SEQUENCE:
        return (
          <SequencePanel
            region={state.region}
            ranges={ranges}
            onRegion={goRegion}
            page={state.sequencePage}
            lastPage={lastSequencePage(batchCount)}
            batchCount={batchCount}
            onPage={(sequencePage) => setState({ ...state, sequencePage })}
          />
        );
      case TREND:
        return (
          <TrendPanel
            theme={theme.name}
            typed={Boolean(theme.typeDict)}
            by={state.trendBy}
            onBy={(trendBy) => setState({ ...state, trendBy })}
            region={state.region}
            ranges={ranges}
            onRegion={goRegion}
            query={trendQuery(state)}
            exportName={`${theme.title}_趋势`}
            rows={trend.data && trendRows(trend.data)}
            loading={trend.isFetching}
            error={trend.isError}
            onRetry={() => void trend.refetch()}
            onBatch={openBatch}
          />
        );
      default:
        return (
          <StatisticsPanel
            statistics={statistics.data}
            loading={statistics.isFetching}
            error={statistics.isError}
            onRetry={() => void statistics.refetch()}
            measure={state.measure}
            onMeasureChange={(measure) => setState({ ...state, measure })}
            crumbs={crumbs}
            onRegion={goRegion}
            typed={Boolean(theme.typeDict)}
          />
        );
    }
  };

  const mapArea = () => {
    if (state.mode === TREND)
      return <TrendView trend={trend.data} by={state.trendBy} onBatch={openBatch} />;
    if (state.mode === SEQUENCE)
      return (
        <SequenceView
          batches={batches.data && shownBatches}
          layersOf={(batch) => [...zonesOf(batch), ...spotsOf(batch), ...outline]}
          extent={focus.extent}
          rows={trend.data && rowsOf(trend.data, shownBatches)}
          loading={trend.isFetching}
          error={trend.isError}
          onRetry={() => void trend.refetch()}
          onBatch={openBatch}
        />
      );
    return (
      <MapView
        ref={map}
        extent={focus.extent}
        extentMinZoom={
          state.mode === STATISTICS && focusRegion ? choroplethMinZoom(focusRegion) : 0
        }
        highlight={detail ? focus.highlight : null}
        layers={layersOf(state.mode)}
        onFeatureClick={clickMap}
      >
        {legend && <ChoroplethLegend classes={legend.classes} measure={legend.measure} />}
      </MapView>
    );
  };

  return (
    <MapPageFrame
      className="monitor"
      testId="monitor-page"
      title={title}
      action={
        <Tooltip title="恢复本页的默认条件">
          <Button size="small" icon={<ClearOutlined />} onClick={clear} data-testid="monitor-clear">
            清空
          </Button>
        </Tooltip>
      }
      side={
        <>
          <div className="monitor__bar">
            <Tabs
              activeKey={String(state.mode)}
              onChange={(key) => {
                const rule = modes.find((candidate) => String(candidate.mode) === key);
                if (rule) trySwitch(rule.mode);
              }}
              items={modes.map((rule) => ({ key: String(rule.mode), label: rule.label }))}
              data-testid="mode-tabs"
            />
            {!overTime && (
              <Select
                className="monitor__batch"
                value={shownBatch}
                loading={batches.isLoading}
                placeholder={batches.isError ? '批次加载失败' : '暂无批次'}
                options={(batches.data ?? []).map((batch) => ({
                  value: batch.id,
                  label: batch.typeName,
                }))}
                onChange={(batch: string) => change({ batch })}
                notFoundContent="暂无批次"
                aria-label="批次"
                data-testid="batch-select"
              />
            )}
          </div>
          <div className="monitor__panel">
            {theme.zonesLayer && (state.mode === DETAIL || state.mode === SEQUENCE) && (
              <Checkbox
                className="monitor__zones"
                checked={state.zones}
                onChange={(e) => setState({ ...state, zones: e.target.checked })}
                data-testid="zones-toggle"
              >
                显示基地自适应范围
              </Checkbox>
            )}
            {panel()}
          </div>
        </>
      }
      map={mapArea()}
    >
      <SpotDrawer
        theme={theme}
        id={detail ? opened : null}
        onClose={() => setOpened(null)}
        onLocate={(spot) => fitTo(spot.bbox)}
      />
    </MapPageFrame>
  );
}
