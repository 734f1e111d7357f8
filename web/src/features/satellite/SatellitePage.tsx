// Chinese and global satellites, satellite analysis and typical images (spec §2 /satellite):
// one lazily loaded chunk (src/app/pages.tsx) for the whole area. A satellite page shows its
// catalogue group (groups.ts maps the address to it), an analysis page its views, a typical
// image page the editor's sample images.
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { AnalysisPage } from './AnalysisPage';
import { analysisName } from './analysis';
import { GroupPage } from './GroupPage';
import { groupOfPath, typicalOwner } from './groups';
import { TypicalImagePage } from './TypicalImagePage';
import './SatellitePage.css';

function content(path: string) {
  const group = groupOfPath(path);
  if (group) return <GroupPage key={group} group={group} />;
  const analysis = analysisName(path);
  if (analysis) return <AnalysisPage key={analysis} name={analysis} />;
  const owner = typicalOwner(path);
  return owner ? <TypicalImagePage key={owner} owner={owner} /> : null;
}

export default function SatellitePage({ path, title, trail }: PageProps) {
  return (
    <PageFrame title={title} trail={trail}>
      {content(path)}
    </PageFrame>
  );
}
