// Registration (spec §2 /register); built with the accounts module.
// Each area is its own lazily loaded chunk (src/app/pages.tsx); until its module is built,
// every page of the area shows its title and says that the module is coming.
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import type { PageProps } from '../../components/PageFrame';

export default function RegisterPage(props: PageProps) {
  return <ModuleComingSoon {...props} />;
}
