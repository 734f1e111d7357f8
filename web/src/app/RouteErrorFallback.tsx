// The error boundary of the routes (React Router's errorElement): a page chunk or stylesheet
// that failed to load (spec §8), or a page that crashed, is explained with a way out.
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import '../components/PlainButton.css';
import { ChunkLoadError } from './chunks';

function explain(error: unknown): { title: string; text: string } {
  if (error instanceof ChunkLoadError) {
    const what = error.code === 'CSS_CHUNK_LOAD_FAILED' ? '页面样式文件' : '页面文件';
    return {
      title: '页面加载失败',
      text: `${what}未能加载，可能是网络不稳定或平台刚刚完成更新，请重新加载页面。`,
    };
  }
  return {
    title: '页面出错了',
    text: '页面运行时发生错误，请重新加载页面；如果问题仍然存在，请联系管理员。',
  };
}

/**
 * Drawn like antd's warning Result with its button: the Result component brings its three
 * status pictures, which the first page's script would carry for a page that rarely shows.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  const { title, text } = explain(error);
  return (
    <div className="page-frame" data-testid="route-error">
      <div className="route-error">
        <ExclamationCircleFilled className="route-error__icon" />
        <h1 className="route-error__title">{title}</h1>
        <p className="route-error__text">{text}</p>
        <button
          type="button"
          className="plain-button plain-button--primary"
          data-testid="reload-page"
          onClick={() => window.location.reload()}
        >
          重新加载
        </button>
      </div>
    </div>
  );
}
