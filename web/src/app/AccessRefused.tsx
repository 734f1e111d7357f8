// What shows in place of a page the guard refused (RouteGuard.tsx).
import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** The refusal with the guard's message and a way home. */
export function AccessRefused({ message }: { message: string }) {
  return (
    <div className="page-frame" data-testid="access-refused">
      <Result
        status="403"
        title="无法查看该页面"
        subTitle={message}
        extra={
          <Link to="/home">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}
