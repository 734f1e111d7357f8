// Uploading an area of interest from a file (src/api/uploadShape.ts) and what the server read
// of it: area, coordinate system, polygons and vertices. The image query and orbit prediction
// both take areas this way; the plan pages read theirs with their own route (`upload`).
import { Alert, Descriptions } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { SHAPE_EXTENSIONS, type UploadedShape } from '../api/uploadShape';
import { formatKm2 } from '../lib/figures';
import { FileDropper } from './FileDropper';

/** Why an upload named by the address could not be fetched (expired, say). */
export function UploadGone({ message }: { message: string }) {
  return <Alert type="warning" showIcon title={message} data-testid="upload-gone" />;
}

/** What the server tells of every area file it read. */
export type ShapeFigures = Pick<
  UploadedShape,
  'areaKm2' | 'crs' | 'parts' | 'vertices' | 'repaired'
>;

/**
 * The drop zone, then the uploaded area's figures; `gone`: why a remembered upload is lost;
 * `upload`: the route that reads the file (the image query's `uploadShape`, the plan's own).
 */
export function ShapeUpload<Shape extends ShapeFigures>({
  uploaded,
  gone,
  onUploaded,
  upload: send,
}: {
  uploaded: Shape | null;
  gone: string | null;
  onUploaded: (shape: Shape) => void;
  upload: (file: File) => Promise<Shape>;
}) {
  const upload = useMutation({ mutationFn: send, onSuccess: onUploaded });
  return (
    <>
      <FileDropper
        accept={SHAPE_EXTENSIONS}
        hint="支持 .zip（Shapefile）、.kml、.kmz、.geojson、.wkt；坐标系 WGS84 或 CGCS2000"
        busy={upload.isPending}
        onFile={(file) => upload.mutate(file)}
        testId="upload-shape"
      />
      {gone && !uploaded && <UploadGone message={gone} />}
      {uploaded && (
        <Descriptions
          size="small"
          column={2}
          bordered
          data-testid="uploaded-shape"
          items={[
            { key: 'area', label: '面积', children: formatKm2(uploaded.areaKm2), span: 2 },
            { key: 'crs', label: '坐标系', children: uploaded.crs, span: 2 },
            { key: 'parts', label: '多边形', children: `${uploaded.parts} 个` },
            { key: 'vertices', label: '顶点', children: `${uploaded.vertices} 个` },
            ...(uploaded.repaired
              ? [
                  {
                    key: 'repaired',
                    label: '说明',
                    children: '无效多边形（自相交、重叠）已修复',
                    span: 2,
                  },
                ]
              : []),
          ]}
        />
      )}
    </>
  );
}
