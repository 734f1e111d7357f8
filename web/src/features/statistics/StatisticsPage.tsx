// Coverage and push statistics (spec §2 /statistics): one lazily loaded chunk (src/app/pages.tsx)
// for the area. Coverage statistics are built; the push statistics' module is still coming
// (issue 18), and its page says so.
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import type { PageProps } from '../../components/PageFrame';
import { CoverageStatistics } from './CoverageStatistics';

export default function StatisticsPage(props: PageProps) {
  if (props.path.endsWith('/coverage-statics')) return <CoverageStatistics />;
  return <ModuleComingSoon {...props} />;
}
