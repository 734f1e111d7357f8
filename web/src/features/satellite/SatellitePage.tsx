// Chinese and global satellites, satellite analysis and typical images (spec §2 /satellite).
// Each area is its own lazily loaded chunk (src/app/pages.tsx); until its module is built,
// every page of the area shows its title and says that the module is coming.
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import type { PageProps } from '../../components/PageFrame';

export default function SatellitePage(props: PageProps) {
  return <ModuleComingSoon {...props} />;
}
