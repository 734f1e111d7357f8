// One monitoring theme's page (spec §4, §9): STATISTICS (a choropleth of the regions one level
// down, the table beside it, drilling down and back up) and DETAIL (filters, legend, the paged
// list, the spots on the map, a spot's detail, exports). Everything theme-specific comes from
// the theme's configuration; the state is one object (state.ts) and the switches between
// modes follow the rules of modes.ts.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Select, Tabs, Tooltip } from 'antd';
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
import { spotQueryOptions, useSpot } from './api/getSpot';
import { useSpots } from './api/getSpots';
import { useStatistics } from './api/getStatistics';
import type { ThemeInfo } from './api/types';
import { ChoroplethLegend } from './ChoroplethLegend';
import { legendClasses, maxOf } from './choropleth';
import { DetailPanel } from './DetailPanel';
import {
  CHOROPLETH,
  SPOTS,
  choroplethLayer,
  choroplethMinZoom,
  legendColors,
  openedSpotLayer,
  regionOutlineLayer,
  spotsLayer,
} from './mapLayers';
import { MODES, cleared, switchMode } from './modes';
import { SpotDrawer } from './SpotDrawer';
import { StatisticsPanel } from './StatisticsPanel';
import {
  DETAIL,
  STATISTICS,
  crumbsOf,
  defaultState,
  legendChoices,
  legendDict,
  listQuery,
  nothingChecked,
  refilter,
  statisticsQuery,
  type Mode,
  type MonitorState,
} from './state';

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

  // Switching modes (spec §4).
  const trySwitch = (mode: Mode) => {
    const session = useSession.getState();
    const outcome = switchMode(latest.current, mode, {
      loggedIn: session.userInfo !== null,
      ranges: regionCodes(session.areaRange),
    });
    switch (outcome.kind) {
      case 'login':
        whenLoggedIn(
          () =>
            void refreshRanges().then(
              () => trySwitch(mode),
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
  const layers = detail
    ? [
        ...(nothingChecked(state.legend)
          ? []
          : [spotsLayer(theme.layer, state, shownBatch, colors, origin)]),
        ...(openedLayer ? [openedLayer] : []),
      ]
    : [
        ...(regionRows ? [choroplethLayer(regionRows, state.measure, theme.ramp, origin)] : []),
        ...(focus.highlight ? [regionOutlineLayer(focus.highlight)] : []),
      ];
  const classes = legendClasses(maxOf(regionRows ?? [], state.measure), theme.ramp);

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
                const rule = MODES.find((candidate) => String(candidate.mode) === key);
                if (rule) trySwitch(rule.mode);
              }}
              items={MODES.map((rule) => ({ key: String(rule.mode), label: rule.label }))}
              data-testid="mode-tabs"
            />
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
              data-testid="batch-select"
            />
          </div>
          <div className="monitor__panel">
            {detail ? (
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
                exportName={`${theme.title}_${shownBatch ?? ''}`}
              />
            ) : (
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
            )}
          </div>
        </>
      }
      map={
        <MapView
          ref={map}
          extent={focus.extent}
          extentMinZoom={!detail && focusRegion ? choroplethMinZoom(focusRegion) : 0}
          highlight={detail ? focus.highlight : null}
          layers={layers}
          onFeatureClick={clickMap}
        >
          {state.mode === STATISTICS && statistics.data && (
            <ChoroplethLegend classes={classes} measure={state.measure} />
          )}
        </MapView>
      }
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
