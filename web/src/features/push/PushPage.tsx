// 推送服务 (/push/*, issue 18): one lazily loaded chunk (src/app/pages.tsx) for the push pages,
// told apart by their path: 影像推送 (/push/image) and 图斑推送 (/push/spot).
import type { PageProps } from '../../components/PageFrame';
import { ImagePush } from './ImagePush';
import { SpotPush } from './spot/SpotPush';

export default function PushPage({ path, title }: PageProps) {
  return path === '/push/spot' ? <SpotPush title={title} /> : <ImagePush title={title} />;
}
