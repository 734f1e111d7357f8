// 采集计划 (/plan/*, issue 19): one lazily loaded chunk (src/app/pages.tsx) for the plan pages,
// told apart by their path: 总体计划 (/plan/overall, managers), 计划填报 (/plan/fill, units),
// 计划发布 (/plan/publish, managers), 采购计划 (/plan/purchase, managers), 省级反馈
// (/plan/feedback) and 无人机任务 (/plan/uav).
import type { PageProps } from '../../components/PageFrame';
import { OverallPlan } from './OverallPlan';
import { PlanFill } from './PlanFill';
import { PlanPublish } from './PlanPublish';
import { ProvincialFeedback } from './ProvincialFeedback';
import { PurchasePlan } from './PurchasePlan';
import { UavTasks } from './uav/UavTasks';

export default function PlanPage({ path, title, trail }: PageProps) {
  if (path === '/plan/overall') return <OverallPlan title={title} />;
  if (path === '/plan/feedback') return <ProvincialFeedback title={title} trail={trail} />;
  if (path === '/plan/publish') return <PlanPublish title={title} />;
  if (path === '/plan/purchase') return <PurchasePlan title={title} trail={trail} />;
  if (path === '/plan/uav') return <UavTasks title={title} />;
  return <PlanFill title={title} />;
}
