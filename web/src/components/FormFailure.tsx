// Why a form's request failed, above the form: the server's Chinese message, or the network
// message when no answer came.
import { Alert } from 'antd';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/client';

/** The message to show for a failed request, or undefined when there is none. */
export function failureMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  return error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
}

export function FormFailure({ error, testId }: { error: unknown; testId: string }) {
  const message = failureMessage(error);
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      message={message}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
