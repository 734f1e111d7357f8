// The 覆盖 tab: how much of the area of interest the checked scenes (or all results) cover,
// what they leave out, the fewest scenes that cover as much, and the two shapefile exports.
import { Alert, Button, Descriptions, Progress, Space, Spin, Switch } from 'antd';
import { CheckSquareOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Coverage } from './api/types';
import { LoadFailed } from '../../components/LoadFailed';
import { PanelLoading } from './PanelState';
import type { ExportPart } from './api/exportShapefile';
import type { CoverageLayers } from '../../components/map/coverage';
import { CoverageSwatch } from '../../components/map/CoverageSwatch';
import { formatKm2, formatRatio } from '../../lib/figures';

export interface CoveragePanelProps {
  coverage: Coverage | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** How many scenes are checked; none: the coverage is of every result. */
  checkedCount: number;
  layers: CoverageLayers;
  onLayersChange: (layers: CoverageLayers) => void;
  /** Checks exactly the suggested scenes. */
  onApplySuggestion: (ids: readonly string[]) => void;
  exporting: ExportPart | null;
  onExport: (part: ExportPart) => void;
}

export function CoveragePanel({
  coverage,
  loading,
  error,
  onRetry,
  checkedCount,
  layers,
  onLayersChange,
  onApplySuggestion,
  exporting,
  onExport,
}: CoveragePanelProps) {
  const basis = checkedCount > 0 ? `已选 ${checkedCount} 景` : '全部查询结果';
  if (error && !coverage) {
    return (
      <LoadFailed
        title="覆盖分析失败"
        description="覆盖统计未能完成，请稍后重试。"
        onRetry={onRetry}
        testId="coverage-error"
      />
    );
  }
  if (!coverage) {
    return <PanelLoading text="正在计算覆盖…" testId="coverage-loading" />;
  }
  const { suggestion } = coverage;
  return (
    <Spin spinning={loading}>
      <div className="image-query__coverage" data-testid="coverage">
        <div className="image-query__note">统计范围：{basis}</div>
        <Progress
          type="dashboard"
          percent={Number((coverage.ratio * 100).toFixed(2))}
          format={() => formatRatio(coverage.ratio)}
          data-testid="coverage-ratio"
        />
        <Descriptions
          size="small"
          column={1}
          bordered
          data-testid="coverage-figures"
          items={[
            { key: 'aoi', label: '查询范围面积', children: formatKm2(coverage.aoiAreaKm2) },
            {
              key: 'covered',
              label: '覆盖面积',
              children: (
                <span data-testid="coverage-covered">{formatKm2(coverage.coveredAreaKm2)}</span>
              ),
            },
            { key: 'ratio', label: '覆盖率', children: formatRatio(coverage.ratio) },
            { key: 'scenes', label: '参与统计景数', children: `${coverage.sceneCount} 景` },
          ]}
        />
        <Space>
          <Switch
            size="small"
            checked={layers.covered}
            onChange={(covered) => onLayersChange({ ...layers, covered })}
            data-testid="coverage-layer-covered"
          />
          <CoverageSwatch part="covered" />
          覆盖区域
          <Switch
            size="small"
            checked={layers.notCovered}
            onChange={(notCovered) => onLayersChange({ ...layers, notCovered })}
            data-testid="coverage-layer-not-covered"
          />
          <CoverageSwatch part="notCovered" />
          未覆盖区域
        </Space>
        <Alert
          type="info"
          data-testid="coverage-suggestion"
          title={`最少景数：${suggestion.ids.length} 景`}
          description={`选 ${suggestion.ids.length} 景即可覆盖 ${formatKm2(
            suggestion.coveredAreaKm2,
          )}（${formatRatio(suggestion.ratio)}），优先较新、云量较少的影像。`}
          action={
            <Button
              size="small"
              icon={<CheckSquareOutlined />}
              disabled={suggestion.ids.length === 0}
              onClick={() => onApplySuggestion(suggestion.ids)}
              data-testid="coverage-apply-suggestion"
            >
              应用
            </Button>
          }
        />
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'covered'}
            disabled={exporting !== null || coverage.sceneCount === 0}
            onClick={() => onExport('covered')}
            data-testid="export-covered"
          >
            导出覆盖范围
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'notCovered'}
            disabled={exporting !== null}
            onClick={() => onExport('notCovered')}
            data-testid="export-not-covered"
          >
            导出未覆盖范围
          </Button>
        </Space>
      </div>
    </Spin>
  );
}
