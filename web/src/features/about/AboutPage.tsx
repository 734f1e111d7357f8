// 关于我们 (spec §2 /about): province nodes, FAQ, the nine software pages (description and
// downloads), shared files, contact details and the feedback form, one page per route, in the
// area's lazily loaded chunk (src/app/pages.tsx).
import type { ReactNode } from 'react';
import { EditablePage } from '../../components/EditablePage';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { FaqPage } from './FaqPage';
import { FeedbackPage } from './FeedbackPage';
import { FileTable } from './FileTable';
import { ProvincePage } from './ProvincePage';
import './AboutPage.css';

const SOFTWARE = '/about/software/';
const FILE_SHARE = '/about/fileShare/';

/** The shared-file categories of /about/fileShare/*. */
const FILE_CATEGORIES = ['application', 'course', 'paper'] as const;

function isFileCategory(name: string): name is (typeof FILE_CATEGORIES)[number] {
  return (FILE_CATEGORIES as readonly string[]).includes(name);
}

/** A software's page: its editable description, then its downloads. */
function SoftwarePage({ name }: { name: string }) {
  return (
    <>
      <EditablePage slug={`software/${name.toLowerCase()}`} fallback={`${name} 的介绍暂未发布。`} />
      <h2 className="about-section-title">软件下载</h2>
      <FileTable category="software" owner={name} emptyText="暂无可下载的版本" />
    </>
  );
}

function content(path: string): ReactNode {
  if (path === '/about/province') return <ProvincePage />;
  if (path === '/about/FAQ') return <FaqPage />;
  if (path === '/about/contactUs/contact') {
    return <EditablePage slug="about/contact" fallback="联系方式暂未发布。" />;
  }
  if (path === '/about/contactUs/idea') return <FeedbackPage />;
  if (path.startsWith(SOFTWARE)) return <SoftwarePage name={path.slice(SOFTWARE.length)} />;
  const category = path.slice(FILE_SHARE.length);
  if (path.startsWith(FILE_SHARE) && isFileCategory(category)) {
    return <FileTable category={category} />;
  }
  return null;
}

export default function AboutPage(props: PageProps) {
  return (
    <PageFrame title={props.title} trail={props.trail}>
      {content(props.path)}
    </PageFrame>
  );
}
