// 关于我们 (spec §2 /about): province nodes, FAQ, software, shared files, contact details and
// the feedback form, one page per route, in the area's lazily loaded chunk (src/app/pages.tsx).
import type { ComponentType } from 'react';
import { ModuleComingSoon } from '../../components/ModuleComingSoon';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { FeedbackPage } from './FeedbackPage';
import { ProvincePage } from './ProvincePage';
import './AboutPage.css';

const byPath: Record<string, ComponentType> = {
  '/about/province': ProvincePage,
  '/about/contactUs/idea': FeedbackPage,
};

export default function AboutPage(props: PageProps) {
  const Page = byPath[props.path];
  if (!Page) return <ModuleComingSoon {...props} />;
  return (
    <PageFrame title={props.title} trail={props.trail}>
      <Page />
    </PageFrame>
  );
}
