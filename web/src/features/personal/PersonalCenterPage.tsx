// Personal centre: info, cart, orders, applications (spec §2 /personal, login required).
// Each area is its own lazily loaded chunk (src/app/pages.tsx); until its module is built,
// every page of the area shows its title and says that the module is coming.
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import type { PageProps } from '../../components/PageFrame';

export default function PersonalCenterPage(props: PageProps) {
  return <ModuleComingSoon {...props} />;
}
