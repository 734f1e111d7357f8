// What SEQUENCE and TREND show where the map was while there is nothing to draw yet: a
// spinner while their answers load, or 暂无批次 for a theme without batches.
import { Empty, Spin } from 'antd';

export function PaneState({ kind, testId }: { kind: 'loading' | 'empty'; testId: string }) {
  return (
    <div className="monitor-page__state" data-testid={testId}>
      {kind === 'loading' ? (
        <Spin description="加载中…" size="large">
          <div className="monitor-side__spin" />
        </Spin>
      ) : (
        <Empty description="暂无批次" />
      )}
    </div>
  );
}
