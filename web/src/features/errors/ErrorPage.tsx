// The /401, /403 and /404 pages (spec §2).
import type { ResultProps } from 'antd';
import type { PageProps } from '../../components/PageFrame';
import { ResultPage } from '../../components/ResultPage';

interface Explanation {
  status: ResultProps['status'];
  text: string;
}

const notFound: Explanation = { status: '404', text: '抱歉，您访问的页面不存在或已被移除。' };

const explanations: Partial<Record<string, Explanation>> = {
  '/401': { status: 'warning', text: '您尚未登录或登录已过期，请登录后再访问。' },
  '/403': { status: '403', text: '抱歉，您没有访问该页面的权限，如有需要请联系管理员。' },
  '/404': notFound,
};

export default function ErrorPage({ path, title }: PageProps) {
  const { status, text } = explanations[path] ?? notFound;
  return <ResultPage status={status} title={title} text={text} testId="error-page" />;
}
