// What shows in place of a page the guard refused (RouteGuard.tsx).
import { ResultPage } from '../components/ResultPage';

/** The refusal with the guard's message and a way home. */
export function AccessRefused({ message }: { message: string }) {
  return <ResultPage status="403" title="无法查看该页面" text={message} testId="access-refused" />;
}
