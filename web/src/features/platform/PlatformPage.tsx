// Platform introduction, news lists and details, and the GEO pages (spec §2 /platform).
// Each area is its own lazily loaded chunk (src/app/pages.tsx); until its module is built,
// every page of the area shows its title and says that the module is coming.
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import type { PageProps } from '../../components/PageFrame';

export default function PlatformPage(props: PageProps) {
  return <ModuleComingSoon {...props} />;
}
