// 推送服务 (/push/*, issue 18): one lazily loaded chunk (src/app/pages.tsx) for the push pages,
// told apart by their path.
import type { PageProps } from '../../components/PageFrame';
import { ImagePush } from './ImagePush';
import { PushScreen } from './PushScreen';

export default function PushPage({ path, title }: PageProps) {
  if (path === '/push/screen') return <PushScreen title={title} />;
  return <ImagePush title={title} />;
}
