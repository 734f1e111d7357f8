// 导出Excel and 导出SHP of DETAIL's filtered spots: a spinner while the server builds the file,
// then the bytes received of its size, then the browser's download. A refusal (too many
// spots, too many exports at once) shows the server's message (the client's toast).
import { useState } from 'react';
import { Button, Progress, Space, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadProgress } from '../../api/progressDownload';
import { saveFile } from '../../lib/saveFile';
import { EXPORT_EXTENSIONS, exportSpots, type ExportFormat } from './api/exportSpots';
import type { SpotFilterQuery, ThemeName } from './api/types';
import { downloadPercent, formatDownload } from '../../lib/figures';

const LABELS: Record<ExportFormat, string> = {
  excel: '导出Excel',
  shp: '导出SHP',
  trend: '导出Excel',
};

function ExportProgress({ progress }: { progress: DownloadProgress | null }) {
  if (!progress)
    return (
      <span className="monitor-export__state" data-testid="export-progress" data-phase="building">
        <Spin size="small" /> 正在生成文件…
      </span>
    );
  const percent = downloadPercent(progress);
  return (
    <span className="monitor-export__state" data-testid="export-progress" data-phase="receiving">
      {percent !== null && <Progress percent={percent} size="small" style={{ width: 120 }} />}
      {formatDownload(progress)}
    </span>
  );
}

export interface ExportButtonsProps {
  theme: ThemeName;
  /** The filters of the list shown. */
  query: SpotFilterQuery;
  /** The file's name without its ending, when the server gives none. */
  baseName: string;
  disabled?: boolean;
  /** The files offered; default the spots as a workbook and as a shapefile. */
  formats?: readonly ExportFormat[];
}

export function ExportButtons({
  theme,
  query,
  baseName,
  disabled,
  formats = ['excel', 'shp'],
}: ExportButtonsProps) {
  const [running, setRunning] = useState<{
    format: ExportFormat;
    progress: DownloadProgress | null;
  } | null>(null);

  const run = async (format: ExportFormat) => {
    setRunning({ format, progress: null });
    try {
      const file = await exportSpots(
        theme,
        format,
        query,
        `${baseName}.${EXPORT_EXTENSIONS[format]}`,
        (progress) => setRunning({ format, progress }),
      );
      saveFile(file.blob, file.name);
    } catch {
      // The client has shown the server's reason.
    } finally {
      setRunning(null);
    }
  };

  return (
    <Space wrap className="monitor-export" data-testid="monitor-export">
      {formats.map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          loading={running?.format === format}
          disabled={disabled || (running !== null && running.format !== format)}
          onClick={() => void run(format)}
          data-testid={`export-${format}`}
        >
          {LABELS[format]}
        </Button>
      ))}
      {running && <ExportProgress progress={running.progress} />}
    </Space>
  );
}
