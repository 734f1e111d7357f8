// A page that is only a message: a status picture, a title, an explanation and the way home
// (the /401, /403 and /404 pages, and a page the route guard refused).
import { Button, Result, type ResultProps } from 'antd';
import { Link } from 'react-router';

interface ResultPageProps {
  status: ResultProps['status'];
  title: string;
  text: string;
  testId: string;
}

export function ResultPage({ status, title, text, testId }: ResultPageProps) {
  return (
    <div className="page-frame" data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={text}
        extra={
          <Link to="/home">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}
