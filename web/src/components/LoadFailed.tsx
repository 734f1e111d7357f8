// What a panel shows when its answer failed to arrive: the failure, and 重试.
import { Alert, Button } from 'antd';

export function LoadFailed({
  title,
  description,
  onRetry,
  testId,
  className,
}: {
  title: string;
  description?: string;
  onRetry: () => void;
  testId: string;
  className?: string;
}) {
  return (
    <Alert
      className={className}
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
