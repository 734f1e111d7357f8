// Platform introduction, news lists and details, and the GEO pages (spec §2 /platform).
// The news lists and their items are built on `news/v3`; the introduction pages, the GEO plan
// and links are not built yet and say that their module is coming.
import { routeAt } from '../../app/routes';
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { NewsDetail } from './NewsDetail';
import { NewsList } from './NewsList';
import './PlatformPage.css';

const DETAIL = '/detail/:id';

export default function PlatformPage(props: PageProps) {
  const { newsType } = routeAt(props.path);
  if (newsType === undefined) return <ModuleComingSoon {...props} />;
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
