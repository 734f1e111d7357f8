// The 选择 tab's first half: how the area of interest is given (spec §4 select modes) and
// the editor of each mode: the region picker, a rectangle or polygon drawn on the map, an
// uploaded shape, an uploaded list of file names or path/rows.
import { useState } from 'react';
import { Alert, App, Button, Radio, Segmented } from 'antd';
import { BorderOutlined, DownloadOutlined, GatewayOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { bboxOf } from '../../components/map/format';
import type { DrawMode } from '../../components/map/types';
import { FileDropper } from '../../components/FileDropper';
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { ShapeUpload, UploadGone } from '../../components/ShapeUpload';
import { uploadShape } from '../../api/uploadShape';
import { LIST_EXTENSIONS, PATH_ROW_TEMPLATE, uploadList } from './api/upload';
import type { UploadKind, UploadedList, UploadedShape } from './api/types';
import { useMissingNames } from './api/findFileNames';
import {
  DRAW,
  EXTENT,
  FILE,
  REGION,
  SELECT_MODES,
  SHP,
  emptyArea,
  type Area,
  type SelectMode,
} from './query';

export const MODE_LABELS: Record<SelectMode, string> = {
  [REGION]: '行政区',
  [EXTENT]: '框选',
  [SHP]: '上传SHP',
  [DRAW]: '绘制',
  [FILE]: '文件',
};

function Degrees({ box }: { box: readonly number[] }) {
  const [west, south, east, north] = box.map((value) => `${value.toFixed(4)}°`);
  return (
    <dl className="image-query__extent" data-testid="area-extent" data-bbox={JSON.stringify(box)}>
      <dt>西</dt>
      <dd>{west}</dd>
      <dt>东</dt>
      <dd>{east}</dd>
      <dt>南</dt>
      <dd>{south}</dd>
      <dt>北</dt>
      <dd>{north}</dd>
    </dl>
  );
}

function DrawButton({
  mode,
  drawMode,
  onDrawModeChange,
  again,
}: {
  mode: NonNullable<DrawMode>;
  drawMode: DrawMode;
  onDrawModeChange: (mode: DrawMode) => void;
  again: boolean;
}) {
  const drawing = drawMode === mode;
  const what = mode === 'rectangle' ? '框选' : '绘制';
  return (
    <Button
      icon={mode === 'rectangle' ? <BorderOutlined /> : <GatewayOutlined />}
      type={drawing ? 'primary' : 'default'}
      onClick={() => onDrawModeChange(drawing ? null : mode)}
      data-testid={`area-draw-${mode}`}
    >
      {drawing ? `正在${what}，点击取消` : again ? `重新${what}` : `在地图上${what}`}
    </Button>
  );
}

const LIST_KINDS: { value: UploadKind; label: string; hint: string }[] = [
  { value: 'filename', label: '文件名', hint: '每行一个影像文件名（.txt 或 .csv）' },
  { value: 'pathrow', label: '轨道号', hint: '每行一个 path,row（可下载模板填写）' },
];

function ListUpload({
  uploaded,
  gone,
  onUploaded,
}: {
  uploaded: UploadedList | null;
  gone: string | null;
  onUploaded: (list: UploadedList) => void;
}) {
  const [kind, setKind] = useState<UploadKind>(uploaded?.kind ?? 'filename');
  const upload = useMutation({
    mutationFn: (file: File) => uploadList(file, kind),
    onSuccess: onUploaded,
  });
  // The answer holds the first 100 names: those are checked against the catalogue.
  const missing = useMissingNames(uploaded?.kind === 'filename' ? uploaded.entries : null).data;
  return (
    <>
      <Radio.Group
        value={kind}
        onChange={(event) => setKind(event.target.value as UploadKind)}
        options={LIST_KINDS.map(({ value, label }) => ({ value, label }))}
        optionType="button"
        size="small"
        data-testid="upload-list-kind"
      />
      <FileDropper
        accept={LIST_EXTENSIONS}
        hint={LIST_KINDS.find((option) => option.value === kind)?.hint ?? ''}
        busy={upload.isPending}
        onFile={(file) => upload.mutate(file)}
        testId="upload-list"
      />
      <a href={PATH_ROW_TEMPLATE} download data-testid="path-row-template">
        <DownloadOutlined /> 下载轨道号模板
      </a>
      {gone && !uploaded && <UploadGone message={gone} />}
      {uploaded && (
        <div data-testid="uploaded-list">
          <Alert
            type={uploaded.rejected.length ? 'warning' : 'success'}
            showIcon
            title={`已读取 ${uploaded.count} 条${uploaded.kind === 'pathrow' ? '轨道号' : '文件名'}`}
            description={
              uploaded.rejected.length
                ? `${uploaded.rejected.length} 行已忽略：` +
                  uploaded.rejected
                    .slice(0, 3)
                    .map((line) => `第 ${line.line} 行 ${line.reason}`)
                    .join('；')
                : uploaded.entries.slice(0, 3).join('、') +
                  (uploaded.count > 3 ? ` 等 ${uploaded.count} 条` : '')
            }
          />
          {uploaded.kind === 'filename' && missing && missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="uploaded-list-missing"
              title={`${uploaded.count > uploaded.entries.length ? `前 ${uploaded.entries.length} 条中` : ''}${missing.length} 个文件名在影像目录中不存在`}
              description={
                missing.slice(0, 5).join('、') +
                (missing.length > 5 ? ` 等 ${missing.length} 个` : '')
              }
            />
          )}
        </div>
      )}
    </>
  );
}

export interface AreaEditorProps {
  area: Area;
  onAreaChange: (area: Area) => void;
  drawMode: DrawMode;
  onDrawModeChange: (mode: DrawMode) => void;
  /** The uploaded area: just uploaded, or fetched for the address. */
  uploadedShape: UploadedShape | null;
  /** Why the address's uploaded area or list could not be fetched (expired, say). */
  uploadGone: string | null;
  onShapeUploaded: (shape: UploadedShape) => void;
  /** The uploaded list: just uploaded, or fetched for the address. */
  uploadedList: UploadedList | null;
  onListUploaded: (list: UploadedList) => void;
}

export function AreaEditor({
  area,
  onAreaChange,
  drawMode,
  onDrawModeChange,
  uploadedShape,
  uploadGone,
  onShapeUploaded,
  uploadedList,
  onListUploaded,
}: AreaEditorProps) {
  const { message } = App.useApp();
  const editor = () => {
    switch (area.mode) {
      case REGION:
        return (
          <RegionPicker
            value={area.regionId}
            onChange={(path) =>
              onAreaChange({ mode: REGION, regionId: path[path.length - 1]?.id ?? null })
            }
            includeCountry
            style={{ width: '100%' }}
          />
        );
      case EXTENT:
        return (
          <>
            <DrawButton
              mode="rectangle"
              drawMode={drawMode}
              onDrawModeChange={onDrawModeChange}
              again={area.extent !== null}
            />
            {area.extent && <Degrees box={area.extent} />}
          </>
        );
      case DRAW:
        return (
          <>
            <DrawButton
              mode="polygon"
              drawMode={drawMode}
              onDrawModeChange={onDrawModeChange}
              again={area.polygon !== null}
            />
            {area.polygon && (
              <>
                <span data-testid="area-vertices">
                  多边形，{(area.polygon.coordinates[0]?.length ?? 1) - 1} 个顶点
                </span>
                <Degrees box={bboxOf(area.polygon.coordinates)} />
              </>
            )}
          </>
        );
      case SHP:
        return (
          <ShapeUpload
            upload={uploadShape}
            uploaded={uploadedShape?.uploadId === area.uploadId ? uploadedShape : null}
            gone={uploadGone}
            onUploaded={(shape) => {
              onShapeUploaded(shape);
              onAreaChange({ mode: SHP, uploadId: shape.uploadId });
              void message.success('范围文件已上传');
            }}
          />
        );
      case FILE:
        return (
          <ListUpload
            // A list fetched for the address arrives later: its kind is then the one chosen.
            key={uploadedList?.uploadId ?? ''}
            uploaded={uploadedList?.uploadId === area.uploadId ? uploadedList : null}
            gone={uploadGone}
            onUploaded={(list) => {
              onListUploaded(list);
              onAreaChange({ mode: FILE, uploadId: list.uploadId });
            }}
          />
        );
    }
  };
  return (
    <section className="image-query__section" data-testid="area-editor">
      <h2>查询范围</h2>
      <Segmented<SelectMode>
        block
        value={area.mode}
        data-testid="select-mode"
        options={SELECT_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))}
        onChange={(mode) => {
          onAreaChange(emptyArea(mode));
          onDrawModeChange(mode === EXTENT ? 'rectangle' : mode === DRAW ? 'polygon' : null);
        }}
      />
      {editor()}
      {(area.mode === SHP || area.mode === FILE) &&
        area.uploadId &&
        !uploadGone &&
        !(area.mode === SHP ? uploadedShape : uploadedList) && (
          <span className="image-query__note" data-testid="upload-restored">
            沿用已上传的{area.mode === SHP ? '范围文件' : '列表'}
          </span>
        )}
    </section>
  );
}
