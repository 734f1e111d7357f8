// Coverage and push statistics (spec §2 /statistics): one lazily loaded chunk (src/app/pages.tsx)
// for the area, a page per route.
import type { PageProps } from '../../components/PageFrame';
import { CoverageStatistics } from './CoverageStatistics';
import { PushStatistics } from './PushStatistics';

export default function StatisticsPage(props: PageProps) {
  if (props.path.endsWith('/coverage-statics')) return <CoverageStatistics />;
  return <PushStatistics title={props.title} trail={props.trail} />;
}
