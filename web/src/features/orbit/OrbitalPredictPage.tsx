// 轨道预报 (/orbitalPredict, login required): when the chosen satellites pass over an area in a
// window, and which can image it. The user picks satellites (by type, resolution, series), an
// area (a region, a shape drawn on the map, or an uploaded file), a start day and a number of
// days, and 成像机会 (swath plus pointing, daylight for optical) or 过境 (the nadir swath);
// 开始预测 asks the server. The results show as a timeline per satellite, a table and, on the
// map, the selected pass's track, swath and reach (and, on request, every track of the
// window). Opportunities export as a calendar (.ics) or CSV.
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import dayjs from 'dayjs';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  InputNumber,
  Radio,
  Segmented,
  Space,
  Spin,
  Switch,
  Tooltip,
} from 'antd';
import { CalendarOutlined, DownloadOutlined, RocketOutlined } from '@ant-design/icons';
import { uploadShape, type UploadedShape } from '../../api/uploadShape';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { ShapeUpload } from '../../components/ShapeUpload';
import { bboxOf } from '../../components/map/format';
import { MapToolbar } from '../../components/map/MapToolbar';
import { MapView } from '../../components/map/MapView';
import type { DrawMode, MapLayer, Projection } from '../../components/map/types';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import { beijingTimeOf } from '../../lib/beijingTime';
import { saveFile } from '../../lib/saveFile';
import { exportOpportunities, type ExportFormat } from './api/exportOpportunities';
import { useOrbitConfig } from './api/getOrbitConfig';
import { usePassLine } from './api/getPassLine';
import { usePasses } from './api/getPasses';
import { useTracks } from './api/getTracks';
import type { OrbitConfig, PassList, PassRow } from './api/types';
import { areaLayer, passLayers, tracksLayer } from './mapLayers';
import { PassTable } from './PassTable';
import {
  emptyArea,
  formProblem,
  initialForm,
  lastDay,
  modeOffered,
  passRequest,
  trackQuery,
  type AreaMode,
  type OrbitForm,
  type PassRequest,
  type PredictMode,
} from './plan';
import { SatellitePicker } from './SatellitePicker';
import { Timeline } from './Timeline';
import { dayTicks, passKey, timelineRows } from './timeline';
import './OrbitalPredictPage.css';

const AREA_MODES: { value: AreaMode; label: string }[] = [
  { value: 'region', label: '行政区' },
  { value: 'draw', label: '绘制' },
  { value: 'upload', label: '上传文件' },
];

function Loading({ testId, text }: { testId: string; text: string }) {
  return (
    <div className="orbit-state" data-testid={testId}>
      <Spin description={text} size="large">
        <div className="orbit-state__spin" />
      </Spin>
    </div>
  );
}

export default function OrbitalPredictPage({ title, trail }: PageProps) {
  const config = useOrbitConfig();
  if (config.isError)
    return (
      <PageFrame title={title} trail={trail}>
        <LoadFailed
          title="轨道预报配置加载失败"
          onRetry={() => void config.refetch()}
          testId="orbit-config-error"
        />
      </PageFrame>
    );
  if (!config.data)
    return (
      <PageFrame title={title} trail={trail}>
        <Loading testId="orbit-config-loading" text="正在加载卫星…" />
      </PageFrame>
    );
  if (config.data.satellites.length === 0)
    return (
      <PageFrame title={title} trail={trail}>
        <Empty
          description="暂无可预测的卫星：服务器尚未导入轨道根数"
          data-testid="orbit-no-satellites"
        />
      </PageFrame>
    );
  return <OrbitalPredict title={title} config={config.data} />;
}

/** 演示轨道根数…: the element sets are old, so the window starts at their epoch. */
function StaleWarning({ config }: { config: OrbitConfig }) {
  const epoch = config.newestEpoch ? beijingTimeOf(config.newestEpoch) : '未知';
  return (
    <Alert
      type="warning"
      showIcon
      className="orbit-stale"
      data-testid="orbit-stale"
      title={`演示轨道根数，历元 ${epoch}，预测从历元开始`}
      description="轨道根数已过期，预测今天的过境会有数十公里的误差；默认时间窗从根数历元开始。"
    />
  );
}

/** 导出日历(.ics) and 导出CSV of the opportunities shown. */
function ExportButtons({ request }: { request: PassRequest }) {
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const body = request.route === 'csj' ? request.body : null;
  const run = async (format: ExportFormat) => {
    if (!body) return;
    setRunning(format);
    try {
      const file = await exportOpportunities(
        format,
        body,
        `orbit_${body.start}_${body.end}.${format}`,
      );
      saveFile(file.blob, file.name);
    } catch {
      // The client has shown the server's reason.
    } finally {
      setRunning(null);
    }
  };
  const why = body ? undefined : '导出仅适用于成像机会';
  return (
    <Space>
      <Tooltip title={why}>
        <Button
          size="small"
          icon={<CalendarOutlined />}
          disabled={!body}
          loading={running === 'ics'}
          onClick={() => void run('ics')}
          data-testid="orbit-export-ics"
        >
          导出日历(.ics)
        </Button>
      </Tooltip>
      <Tooltip title={why}>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!body}
          loading={running === 'csv'}
          onClick={() => void run('csv')}
          data-testid="orbit-export-csv"
        >
          导出CSV
        </Button>
      </Tooltip>
    </Space>
  );
}

/** The answer: summary, exports, skipped satellites, the timeline and the table. */
function Results({
  list,
  request,
  order,
  selected,
  onSelect,
  fetching,
  allTracks,
  onAllTracks,
  tracksProblem,
}: {
  list: PassList;
  request: PassRequest;
  order: readonly string[];
  selected: string | null;
  onSelect: (pass: PassRow, from: 'timeline' | 'table') => void;
  fetching: boolean;
  allTracks: boolean;
  onAllTracks: (on: boolean) => void;
  tracksProblem: string | null;
}) {
  const rows = useMemo(() => timelineRows(list.passes, list.start, list.end, order), [list, order]);
  const ticks = useMemo(() => dayTicks(list.start, list.end), [list]);
  const what = list.opportunities ? '成像机会' : '过境';
  return (
    <div className="orbit-results" data-testid="orbit-results">
      <div className="orbit-results__bar">
        <span data-testid="orbit-summary">
          {beijingTimeOf(list.start).slice(0, 10)} 至 {beijingTimeOf(list.end).slice(0, 10)}：
          {rows.length} 颗卫星共 {list.passes.length} 次{what}
          {fetching && <Spin size="small" className="orbit-results__fetching" />}
        </span>
        <Space>
          <Tooltip title={tracksProblem}>
            <span>
              <Switch
                size="small"
                checked={allTracks}
                disabled={tracksProblem !== null}
                onChange={onAllTracks}
                data-testid="orbit-all-tracks"
              />{' '}
              全部轨迹
            </span>
          </Tooltip>
          <ExportButtons request={request} />
        </Space>
      </div>
      {list.skipped.length > 0 && (
        <Alert
          type="info"
          showIcon
          className="orbit-skipped"
          data-testid="orbit-skipped"
          title={`${list.skipped.length} 颗卫星未预测`}
          description={
            <ul>
              {list.skipped.map((s) => (
                <li key={s.satellite} data-testid="skipped-satellite">
                  {s.label}（{s.satellite}）：{s.reason}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {list.passes.length === 0 ? (
        <Empty
          description={`所选时段内没有${what}，可延长时间或增加卫星`}
          data-testid="orbit-empty"
        />
      ) : (
        <>
          <Timeline
            rows={rows}
            ticks={ticks}
            selected={selected}
            onSelect={(pass) => onSelect(pass, 'timeline')}
          />
          <div className="orbit-results__table">
            <PassTable
              passes={list.passes}
              selected={selected}
              onSelect={(pass) => onSelect(pass, 'table')}
            />
          </div>
        </>
      )}
    </div>
  );
}

function OrbitalPredict({ title, config }: { title: string; config: OrbitConfig }) {
  const [form, setForm] = useState<OrbitForm>(() => initialForm(config));
  const [submitted, setSubmitted] = useState<PassRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [drawMode, setDrawMode] = useState<DrawMode>(null);
  const [projection, setProjection] = useState<Projection>('mercator');
  const [uploaded, setUploaded] = useState<UploadedShape | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [allTracks, setAllTracks] = useState(false);

  const passes = usePasses(submitted);
  const list = passes.data;
  // The chosen pass, or the first: the map always shows one pass of an answer.
  const selected =
    list?.passes.find((pass) => passKey(pass) === selectedKey) ?? list?.passes[0] ?? null;
  const line = usePassLine(
    selected && { satellite: selected.satellite, start: selected.start, end: selected.end },
  );
  const tracksQuery = submitted ? trackQuery(submitted) : null;
  const tracks = useTracks(allTracks ? tracksQuery : null);
  const { area } = form;
  const focus = useRegionFocus(area.mode === 'region' ? area.regionId : null);
  const uploadedHere =
    area.mode === 'upload' && uploaded?.uploadId === area.uploadId ? uploaded : null;

  const change = (next: Partial<OrbitForm>) => {
    setForm({ ...form, ...next });
    setProblem(null);
  };
  const setArea = (mode: AreaMode) => {
    change({
      area: emptyArea(mode),
      mode: modeOffered(form.mode, emptyArea(mode)) ? form.mode : 'csj',
    });
    setDrawMode(mode === 'draw' ? 'polygon' : null);
  };
  const run = () => {
    const found = formProblem(form, config);
    setProblem(found);
    if (found) return;
    setSubmitted(passRequest(form, config));
    setSelectedKey(null);
  };
  const select = (pass: PassRow, from: 'timeline' | 'table') => {
    const key = passKey(pass);
    if (from === 'table') return setSelectedKey(key);
    // A bar clicked on the timeline brings its row into view: drawn at once (the table may
    // turn to another page), then found.
    flushSync(() => setSelectedKey(key));
    [...document.querySelectorAll<HTMLElement>('.orbit-table [data-row-key]')]
      .find((row) => row.dataset.rowKey === key)
      ?.scrollIntoView?.({ block: 'nearest' });
  };

  const layers: MapLayer[] = [
    ...(uploadedHere ? [areaLayer(uploadedHere.geojson)] : []),
    ...(allTracks && tracks.data ? [tracksLayer(tracks.data)] : []),
    ...(selected && line.data ? passLayers(line.data) : []),
  ];

  const areaEditor = () => {
    switch (area.mode) {
      case 'region':
        return (
          <RegionPicker
            value={area.regionId}
            onChange={(path) =>
              change({ area: { mode: 'region', regionId: path.at(-1)?.id ?? null } })
            }
            style={{ width: '100%' }}
          />
        );
      case 'draw':
        return (
          <p className="orbit-note" data-testid="orbit-draw-hint">
            {area.shape
              ? `已绘制多边形，${(area.shape.geometry.coordinates[0]?.length ?? 1) - 1} 个顶点；可在地图上重新绘制`
              : '用地图左上角的「矩形」或「多边形」绘制范围'}
          </p>
        );
      case 'upload':
        return (
          <ShapeUpload
            upload={uploadShape}
            uploaded={uploadedHere}
            gone={null}
            onUploaded={(shape) => {
              setUploaded(shape);
              change({ area: { mode: 'upload', uploadId: shape.uploadId } });
            }}
          />
        );
    }
  };

  return (
    <MapPageFrame
      className="orbit"
      testId="orbit-page"
      title={title}
      side={
        <div className="orbit__side">
          {config.stale && <StaleWarning config={config} />}
          <SatellitePicker
            satellites={config.satellites}
            chosen={form.satellites}
            max={config.maxSatellites}
            onChange={(satellites) => change({ satellites })}
          />
          <section className="orbit-section" data-testid="orbit-area">
            <h2>区域</h2>
            <Segmented<AreaMode>
              block
              value={area.mode}
              options={AREA_MODES}
              onChange={setArea}
              data-testid="orbit-area-mode"
            />
            {areaEditor()}
          </section>
          <section className="orbit-section" data-testid="orbit-window">
            <h2>时间</h2>
            <Space wrap>
              <DatePicker
                allowClear={false}
                value={dayjs(form.start)}
                onChange={(day) => day && change({ start: day.format('YYYY-MM-DD') })}
                data-testid="orbit-start"
              />
              <InputNumber
                min={1}
                max={config.maxDays}
                precision={0}
                value={form.days}
                onChange={(days) => change({ days: days ?? 0 })}
                suffix="天"
                style={{ width: 100 }}
                data-testid="orbit-days"
              />
              {form.days >= 1 && (
                <span className="orbit-note" data-testid="orbit-last-day">
                  至 {lastDay(form.start, form.days)}（最多 {config.maxDays} 天）
                </span>
              )}
            </Space>
          </section>
          <section className="orbit-section">
            <h2>预测内容</h2>
            <Radio.Group
              value={form.mode}
              onChange={(event) => change({ mode: event.target.value as PredictMode })}
              data-testid="orbit-mode"
              options={[
                { value: 'csj', label: '成像机会' },
                { value: 'nadir', label: '过境（星下点幅宽）', disabled: area.mode === 'draw' },
              ]}
            />
            {area.mode === 'draw' && (
              <p className="orbit-note">绘制的范围只能预测成像机会；过境请选择行政区或上传文件。</p>
            )}
          </section>
          {problem && <Alert type="warning" showIcon title={problem} data-testid="orbit-problem" />}
          <Button
            type="primary"
            block
            icon={<RocketOutlined />}
            loading={passes.isFetching}
            onClick={run}
            data-testid="orbit-run"
          >
            开始预测
          </Button>
        </div>
      }
      map={
        <div className="orbit__main">
          <MapView
            className="orbit__map"
            projection={projection}
            extent={uploadedHere ? bboxOf(uploadedHere.geojson.coordinates.flat()) : focus.extent}
            highlight={focus.highlight}
            layers={layers}
            drawMode={drawMode}
            drawn={area.mode === 'draw' ? area.shape : null}
            onDrawn={(shape) => {
              change({ area: { mode: 'draw', shape } });
              setDrawMode(null);
            }}
          >
            <MapToolbar
              projection={projection}
              onProjectionChange={setProjection}
              drawMode={drawMode}
              {...(area.mode === 'draw' && {
                onDrawModeChange: setDrawMode,
                onClear: () => change({ area: emptyArea('draw') }),
                canClear: area.shape !== null,
              })}
            />
          </MapView>
          <div className="orbit__panel">
            {!submitted ? (
              <Empty
                description="选择卫星、区域和时间后点击「开始预测」"
                data-testid="orbit-idle"
              />
            ) : passes.isError && !list ? (
              <LoadFailed
                title="轨道预报失败"
                description={passes.error.message}
                onRetry={() => void passes.refetch()}
                testId="orbit-error"
              />
            ) : !list ? (
              <Loading testId="orbit-loading" text="正在计算过境…" />
            ) : (
              <Results
                list={list}
                request={submitted}
                order={submitted.body.satellites}
                selected={selected ? passKey(selected) : null}
                onSelect={select}
                fetching={passes.isFetching}
                allTracks={allTracks}
                onAllTracks={setAllTracks}
                tracksProblem={tracksQuery ? null : '卫星或天数过多，无法一次绘制全部轨迹'}
              />
            )}
          </div>
        </div>
      }
    />
  );
}
