// What a tab shows before its answer is there: a spinner (a failure: components/LoadFailed).
import { Spin } from 'antd';

export function PanelLoading({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="image-query__state" data-testid={testId}>
      <Spin description={text} size="large">
        <div className="image-query__spin" />
      </Spin>
    </div>
  );
}
