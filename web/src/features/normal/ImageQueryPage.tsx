// Image query (spec §2 /normal, §4): the area of interest by one of five select modes, the
// filters, the results with their footprints and quick-looks on the map, the coverage of
// the area, and a permalink. The search that ran lives in the address (permalink.ts): a
// reload or a shared link runs it again; what is being edited lives here until 查询.
import { useMemo, useRef, useState } from 'react';
import { App, Button, Modal, Tabs, Tooltip, Typography } from 'antd';
import { LinkOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Feature, MultiPolygon } from 'geojson';
import { MapPageFrame } from '../../components/MapPageFrame';
import type { PageProps } from '../../components/PageFrame';
import { MapToolbar } from '../../components/map/MapToolbar';
import { MapView } from '../../components/map/MapView';
import { offeredBaseLayers } from '../../components/map/baseLayers';
import { bboxOf } from '../../components/map/format';
import type {
  Bbox,
  DrawMode,
  DrawnShape,
  MapViewHandle,
  Projection,
} from '../../components/map/types';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import { baseMapSettings } from '../../app/site';
import { openLogin, whenLoggedIn } from '../../lib/loginPrompt';
import { canPush, viewerOf } from '../../lib/access';
import { useRegion } from '../../api/getRegion';
import { useSession } from '../../lib/session';
import { saveFile } from '../../lib/saveFile';
import { useKeyedState } from '../../lib/useKeyedState';
import { exportShapefile, type ExportPart } from './api/exportShapefile';
import { useAddToCart } from './api/addToCart';
import { allIdsQueryOptions } from './api/getAllIds';
import { useCoverage, type CoverageBasis } from './api/getCoverage';
import { useFallFigures, FALL_FIGURE_LIMIT } from './api/getFallFigures';
import { useScenes } from './api/searchScenes';
import { getUploadedList, getUploadedShape, useCurrentUpload } from './api/upload';
import type { UploadedList, UploadedShape } from './api/types';
import { AreaEditor } from './AreaEditor';
import { addAllQuestion, addedSummary, cartAction } from './cart';
import { DataRequestDialog } from './DataRequestDialog';
import { PushDialog } from './PushDialog';
import { allScenes, checkedScenes, defaultBatchName, type PushScenes } from './push';
import { CoveragePanel } from './CoveragePanel';
import type { CoverageLayers } from '../../components/map/coverage';
import { FilterForm } from './FilterForm';
import { ResultPanel } from './ResultPanel';
import { FOOTPRINTS, footprintsOf, queryLayers } from './mapLayers';
import { decodeFilters, decodePermalink, encodePermalink } from './permalink';
import {
  COVERAGE_TAB,
  DRAW,
  EXTENT,
  FILE,
  REGION,
  RESULT_TAB,
  SELECT_TAB,
  SHP,
  allResultsBody,
  areaBody,
  areaGiven,
  clearsResults,
  defaultFilters,
  emptyArea,
  newSearch,
  resultKey,
  sceneQueryBody,
  type Area,
  type Filters,
  type Search,
  type SidebarTab,
} from './query';
import './ImageQueryPage.css';

const NONE: ReadonlySet<string> = new Set();

const EXPORT_NAMES: Record<ExportPart, string> = {
  covered: '覆盖范围.zip',
  notCovered: '未覆盖范围.zip',
};

/** The shape the map shows for an area drawn on it (or restored from the address). */
function drawnOf(area: Area): DrawnShape | null {
  if (area.mode === EXTENT && area.extent) {
    const [west, south, east, north] = area.extent;
    return {
      type: 'Feature',
      properties: { mode: 'rectangle' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ],
        ],
      },
    };
  }
  if (area.mode === DRAW && area.polygon)
    return { type: 'Feature', properties: { mode: 'polygon' }, geometry: area.polygon };
  return null;
}

/** The area the map shows a drawn shape as. */
function areaOfShape(shape: DrawnShape): Area {
  return shape.properties?.mode === 'rectangle'
    ? { mode: EXTENT, extent: bboxOf(shape.geometry.coordinates) }
    : { mode: DRAW, polygon: shape.geometry };
}

export default function ImageQueryPage({ title }: PageProps) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const baseLayers = useMemo(() => offeredBaseLayers(baseMapSettings, window.location.origin), []);
  const [baseLayer, setBaseLayer] = useState(baseLayers[0]);
  const [projection, setProjection] = useState<Projection>('mercator');
  const map = useRef<MapViewHandle>(null);

  const [params, setParams] = useSearchParams();
  const { search, tab } = useMemo(() => decodePermalink(params, new Date()), [params]);
  const [area, setArea] = useState<Area>(() => search?.area ?? emptyArea(REGION));
  const [filters, setFilters] = useState<Filters>(
    () => search?.filters ?? decodeFilters(params, new Date()),
  );
  const [drawn, setDrawn] = useState<DrawnShape | null>(() =>
    search ? drawnOf(search.area) : null,
  );
  // A drawn area from the address is shown once; drawing again leaves the view to the user.
  const [restoredBox] = useState<Bbox | null>(() => {
    const shape = search ? drawnOf(search.area) : null;
    return shape ? bboxOf(shape.geometry.coordinates) : null;
  });
  const [drawMode, setDrawMode] = useState<DrawMode>(null);
  const [uploadedShape, setUploadedShape] = useState<UploadedShape | null>(null);
  const [uploadedList, setUploadedList] = useState<UploadedList | null>(null);
  // An upload named by the address but not made here is fetched, to be drawn and reported on
  // as after its upload.
  const shapeUpload = useCurrentUpload(
    'shp',
    area.mode === SHP ? area.uploadId : null,
    uploadedShape,
    getUploadedShape,
  );
  const listUpload = useCurrentUpload(
    'file',
    area.mode === FILE ? area.uploadId : null,
    uploadedList,
    getUploadedList,
  );
  const shape = shapeUpload.upload;
  const list = listUpload.upload;
  const uploadGone = shapeUpload.gone ?? listUpload.gone;
  const results = search ? resultKey(search) : '';
  // Kept for one set of results: another search starts with none.
  const [checked, setChecked] = useKeyedState(results, NONE);
  const [figures, setFigures] = useKeyedState(results, NONE);
  const [hovered, setHovered] = useState<string | null>(null);
  const [coverageLayers, setCoverageLayers] = useState<CoverageLayers>({
    covered: true,
    notCovered: true,
  });
  const [exporting, setExporting] = useState<ExportPart | null>(null);

  const go = (next: Search | null, nextTab: SidebarTab, push = false) =>
    setParams(encodePermalink(next, nextTab), { replace: !push });

  const region = useRegionFocus(area.mode === REGION ? area.regionId : null);

  const changeArea = (next: Area, shape: DrawnShape | null = drawnOf(next)) => {
    // The same region again: back to it, wherever the map was moved since.
    if (
      next.mode === REGION &&
      area.mode === REGION &&
      next.regionId === area.regionId &&
      region.extent
    )
      map.current?.fitBounds(region.extent);
    setArea(next);
    setDrawn(shape);
    if (search && clearsResults(search.area, next)) go(null, SELECT_TAB);
  };

  const runSearch = () => {
    if (!areaGiven(area)) {
      void message.warning('请先选择查询范围');
      return;
    }
    setDrawMode(null);
    go(newSearch(area, filters, search?.sort), RESULT_TAB, true);
  };

  // Results.
  const body = useMemo(() => (search ? sceneQueryBody(search) : null), [search]);
  const scenes = useScenes(body);
  const page = search ? scenes.data : undefined;

  const checkAll = async () => {
    if (!search) return;
    try {
      const all = await queryClient.fetchQuery(allIdsQueryOptions(allResultsBody(search)));
      setChecked(new Set(all.ids));
      if (all.total > all.ids.length)
        void message.warning(`共 ${all.total} 景，已选前 ${all.ids.length} 景`);
    } catch {
      // The client has said why.
    }
  };

  const changeFigures = (ids: ReadonlySet<string>) => {
    if (ids.size > FALL_FIGURE_LIMIT) {
      void message.warning(`落图最多 ${FALL_FIGURE_LIMIT} 景，请先取消部分落图`);
      return;
    }
    setFigures(ids);
  };

  const addScenes = useAddToCart();
  const [offline, setOffline] = useState<readonly string[]>([]);

  /** The checked scenes, or every result (after a confirmation) when none is checked. */
  const scenesForCart = async (): Promise<string[] | null> => {
    if (checked.size) return [...checked];
    if (!search) return null;
    const all = await queryClient.fetchQuery(allIdsQueryOptions(allResultsBody(search)));
    if (!all.ids.length) return null;
    const more =
      all.total > all.ids.length ? `（共 ${all.total} 景，最多加入前 ${all.ids.length} 景）` : '';
    const confirmed = await modal.confirm({
      title: addAllQuestion(all.ids.length),
      content: `未勾选影像时，加入本次查询的全部结果${more}。`,
      okText: '加入',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'add-all-ok' },
    });
    return confirmed ? all.ids : null;
  };

  const addToCart = async () => {
    try {
      const ids = await scenesForCart();
      if (!ids) return;
      const answer = await addScenes.mutateAsync(ids);
      const summary = addedSummary(answer);
      void (answer.added ? message.success : message.info)({
        content: <span data-testid="cart-notice">{summary}</span>,
      });
      if (answer.offline.length) setOffline(answer.offline);
    } catch {
      // The client has said why (the cap's message among them).
    }
  };

  const offerCart = () => {
    // Read at the time: after a login this runs with the new session.
    const viewer = viewerOf(useSession.getState());
    switch (cartAction(viewer)) {
      case 'login':
        whenLoggedIn(offerCart);
        openLogin();
        return;
      case 'forbidden':
        void message.error({
          content: (
            <span data-testid="cart-notice">
              无权限：加入购物车需要购物车与订单权限，请联系管理员
            </span>
          ),
        });
        return;
      case 'add':
        void addToCart();
        return;
    }
  };

  // 推送 (managers): the checked scenes, or every result while none is checked.
  const mayPush = useSession((state) => canPush(viewerOf(state)));
  const [pushScenes, setPushScenes] = useState<PushScenes | null>(null);
  const [preparingPush, setPreparingPush] = useState(false);
  const searchedRegion = useRegion(search?.area.mode === REGION ? search.area.regionId : null);
  const offerPush = async () => {
    if (checked.size) {
      setPushScenes(checkedScenes(checked));
      return;
    }
    if (!search) return;
    setPreparingPush(true);
    try {
      const all = await queryClient.fetchQuery(allIdsQueryOptions(allResultsBody(search)));
      if (all.ids.length) setPushScenes(allScenes(all));
    } catch {
      // The client has said why.
    } finally {
      setPreparingPush(false);
    }
  };

  // Coverage: of the checked scenes, or of every result while none is checked.
  const coverageBasis = useMemo((): CoverageBasis | null => {
    if (!search || tab !== COVERAGE_TAB) return null;
    if (checked.size) return { ids: { ...areaBody(search.area), ids: [...checked].sort() } };
    return { all: allResultsBody(search) };
  }, [search, tab, checked]);
  const coverage = useCoverage(coverageBasis);
  const coverageData = coverageBasis ? coverage.data : undefined;

  const exportPart = async (part: ExportPart) => {
    if (!search) return;
    setExporting(part);
    try {
      const ids = checked.size
        ? [...checked]
        : (await queryClient.fetchQuery(allIdsQueryOptions(allResultsBody(search)))).ids;
      const zip = await exportShapefile(part, { ...areaBody(search.area), ids });
      saveFile(zip, EXPORT_NAMES[part]);
    } catch {
      // The client has said why.
    } finally {
      setExporting(null);
    }
  };

  const copyLink = async () => {
    const link = window.location.href;
    try {
      await navigator.clipboard.writeText(link);
      void message.success('链接已复制');
    } catch {
      // No clipboard (an insecure page, a refusal): the link to copy by hand.
      Modal.info({
        title: '复制链接',
        content: <Typography.Paragraph copyable>{link}</Typography.Paragraph>,
      });
    }
  };

  // The map.
  const footprints = useMemo(() => (page ? footprintsOf(page.list) : null), [page]);
  const hoveredFootprint = useMemo(
    () => footprints?.features.find((feature) => feature.properties.id === hovered) ?? null,
    [footprints, hovered],
  );
  const figureIds = useMemo(() => [...figures], [figures]);
  const fallFigures = useFallFigures(figureIds);
  const upload = useMemo(
    (): Feature<MultiPolygon> | null =>
      shape ? { type: 'Feature', properties: {}, geometry: shape.geojson } : null,
    [shape],
  );
  const uploadBox = useMemo(
    () => (upload ? bboxOf(upload.geometry.coordinates.flat()) : null),
    [upload],
  );
  const layers = useMemo(
    () =>
      queryLayers({
        footprints,
        hovered: hoveredFootprint,
        figures: (fallFigures.data ?? []).filter((figure) => figures.has(figure.id)),
        upload,
        coverage: coverageData ? { data: coverageData, shown: coverageLayers } : null,
        origin: window.location.origin,
      }),
    [footprints, hoveredFootprint, fallFigures.data, figures, upload, coverageData, coverageLayers],
  );
  const extent = area.mode === REGION ? region.extent : area.mode === SHP ? uploadBox : restoredBox;

  const tabs = [
    {
      key: String(SELECT_TAB),
      label: '选择',
      children: (
        <div className="image-query__select">
          <AreaEditor
            area={area}
            onAreaChange={(next) => changeArea(next)}
            drawMode={drawMode}
            onDrawModeChange={setDrawMode}
            uploadedShape={shape}
            uploadGone={uploadGone}
            onShapeUploaded={setUploadedShape}
            uploadedList={list}
            onListUploaded={setUploadedList}
          />
          <FilterForm filters={filters} onChange={setFilters} />
          <div className="image-query__actions">
            <Button
              type="primary"
              icon={<SearchOutlined />}
              onClick={runSearch}
              data-testid="search-button"
            >
              查询
            </Button>
            <Button
              icon={<UndoOutlined />}
              onClick={() => setFilters(defaultFilters(new Date()))}
              data-testid="reset-filters"
            >
              重置条件
            </Button>
          </div>
        </div>
      ),
    },
    {
      key: String(RESULT_TAB),
      label: page ? `结果（${page.total}）` : '结果',
      disabled: !search,
      children: search && (
        <ResultPanel
          page={page}
          loading={scenes.isFetching}
          error={scenes.isError}
          onRetry={() => void scenes.refetch()}
          checked={checked}
          onCheckedChange={setChecked}
          onCheckAll={checkAll}
          hovered={hovered}
          onHover={setHovered}
          figures={figures}
          onFiguresChange={changeFigures}
          sort={search.sort}
          onSortChange={(sort) => go({ ...search, sort, pageNum: 1 }, tab)}
          onPageChange={(pageNum, pageSize) =>
            go({ ...search, pageNum: pageSize === search.pageSize ? pageNum : 1, pageSize }, tab)
          }
          onAddToCart={offerCart}
          addingToCart={addScenes.isPending}
          {...(mayPush && { onPush: () => void offerPush(), preparingPush })}
        />
      ),
    },
    {
      key: String(COVERAGE_TAB),
      label: '覆盖',
      disabled: !search,
      children: search && (
        <CoveragePanel
          coverage={coverageData}
          loading={coverage.isFetching}
          error={coverage.isError}
          onRetry={() => void coverage.refetch()}
          checkedCount={checked.size}
          layers={coverageLayers}
          onLayersChange={setCoverageLayers}
          onApplySuggestion={(ids) => {
            setChecked(new Set(ids));
            void message.success(`已选中建议的 ${ids.length} 景`);
          }}
          exporting={exporting}
          onExport={(part) => void exportPart(part)}
        />
      ),
    },
  ];

  return (
    <MapPageFrame
      className="image-query"
      testId="image-query"
      title={title}
      action={
        <Tooltip title="复制可恢复本次查询的链接">
          <Button
            size="small"
            icon={<LinkOutlined />}
            disabled={!search}
            onClick={() => void copyLink()}
            data-testid="copy-link"
          >
            复制链接
          </Button>
        </Tooltip>
      }
      side={
        <Tabs
          activeKey={String(tab)}
          onChange={(key) => go(search, Number(key) as SidebarTab)}
          items={tabs}
          data-testid="image-query-tabs"
        />
      }
      map={
        <MapView
          ref={map}
          baseLayer={baseLayer}
          projection={projection}
          extent={extent}
          highlight={area.mode === REGION ? region.highlight : null}
          layers={layers}
          drawMode={drawMode}
          drawn={drawn}
          onDrawn={(shape) => {
            setDrawMode(null);
            changeArea(areaOfShape(shape), shape);
          }}
          onFeatureHover={(hit) => setHovered(hit?.layer === FOOTPRINTS ? hit.id : null)}
        >
          <MapToolbar
            baseLayers={baseLayers}
            baseLayer={baseLayer}
            onBaseLayerChange={setBaseLayer}
            projection={projection}
            onProjectionChange={setProjection}
            drawMode={drawMode}
            onDrawModeChange={setDrawMode}
            onClear={() => changeArea(emptyArea(area.mode))}
            canClear={drawn !== null}
          />
        </MapView>
      }
    >
      <DataRequestDialog ids={offline} onClose={() => setOffline([])} />
      <PushDialog
        scenes={pushScenes}
        defaultName={defaultBatchName(
          search?.area.mode === REGION ? searchedRegion.data?.name : undefined,
          new Date(),
        )}
        onClose={() => setPushScenes(null)}
      />
    </MapPageFrame>
  );
}
