// 推送服务 (/push/*, issue 18): one lazily loaded chunk (src/app/pages.tsx) for the push pages,
// told apart by their path: 影像推送 (/push/image), 图斑推送 (/push/spot) and 推送节点总览
// (/push/screen).
import type { PageProps } from '../../components/PageFrame';
import { ImagePush } from './ImagePush';
import { PushScreen } from './PushScreen';
import { SpotPush } from './spot/SpotPush';

export default function PushPage({ path, title }: PageProps) {
  if (path === '/push/spot') return <SpotPush title={title} />;
  if (path === '/push/screen') return <PushScreen title={title} />;
  return <ImagePush title={title} />;
}
