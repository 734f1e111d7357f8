// Chinese and global satellites, satellite analysis and typical images (spec §2 /satellite):
// one lazily loaded chunk (src/app/pages.tsx) for the whole area. A satellite page shows its
// catalogue group (groups.ts maps the address to it), an analysis page its views, a typical
// image page the editor's sample images.
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { AnalysisPage } from './AnalysisPage';
import { analysisName } from './analysis';
import { GroupPage } from './GroupPage';
import { groupOfPath } from './groups';
import './SatellitePage.css';

function content(path: string) {
  const group = groupOfPath(path);
  if (group) return <GroupPage key={group} group={group} />;
  const analysis = analysisName(path);
  if (analysis) return <AnalysisPage key={analysis} name={analysis} />;
  return null;
}

export default function SatellitePage(props: PageProps) {
  const { path, title, trail } = props;
  // The typical image pages wait for the files module (share/v2).
  if (path.startsWith('/satellite/typicalImage/')) return <ModuleComingSoon {...props} />;
  return (
    <PageFrame title={title} trail={trail}>
      {content(path)}
    </PageFrame>
  );
}
