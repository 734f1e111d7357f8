// Platform introduction, news lists and details, and the GEO pages (spec §2 /platform).
// The news lists and their items are built on `news/v3`; the introduction pages, the GEO plan
// and links are editable pages (`page/v1`) that editors write from the console.
import { routeAt } from '../../app/routes';
import { EditablePage } from '../../components/EditablePage';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { NewsDetail } from './NewsDetail';
import { NewsList } from './NewsList';
import './PlatformPage.css';

const DETAIL = '/detail/:id';

/** The editable page's slug of a route that is not a news list: `platformIntro/description`, `geo/plan`. */
function slugOf(path: string): string {
  return path.replace(/^\/platform\//, '').replace(/^GEO\//, 'geo/');
}

export default function PlatformPage(props: PageProps) {
  const { newsType } = routeAt(props.path);
  if (newsType === undefined) {
    return (
      <PageFrame title={props.title} trail={props.trail}>
        <EditablePage slug={slugOf(props.path)} fallback={`「${props.title}」暂未发布。`} />
      </PageFrame>
    );
  }
  if (props.path.endsWith(DETAIL)) {
    const listPath = props.path.slice(0, -DETAIL.length);
    return (
      <PageFrame title={props.title} trail={props.trail}>
        <NewsDetail listPath={listPath} listTitle={routeAt(listPath).title} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={props.title} trail={props.trail}>
      <NewsList key={newsType} newsType={newsType} listPath={props.path} />
    </PageFrame>
  );
}
