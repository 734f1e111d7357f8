import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PageFrame, type PageProps } from './PageFrame';

/** The page of a product area whose module is not built yet: its real title, and says so. */
export function ModuleComingSoon({ title, trail }: PageProps) {
  return (
    <PageFrame title={title} trail={trail}>
      <div data-testid="module-coming">
        <Result
          icon={<ToolOutlined />}
          title="该功能模块正在建设中"
          subTitle={`「${title}」将在后续版本中开放，敬请期待。`}
          extra={
            <Link to="/home">
              <Button type="primary">返回首页</Button>
            </Link>
          }
        />
      </div>
    </PageFrame>
  );
}
