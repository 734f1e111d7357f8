// What a tab shows before its answer is there: a spinner, or the failure with 重试.
import { Alert, Button, Spin } from 'antd';

export function PanelLoading({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="image-query__state" data-testid={testId}>
      <Spin description={text} size="large">
        <div className="image-query__spin" />
      </Spin>
    </div>
  );
}

export function PanelFailed({
  title,
  description,
  onRetry,
  testId,
}: {
  title: string;
  description: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={description}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
      data-testid={testId}
    />
  );
}
