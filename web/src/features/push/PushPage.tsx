// 推送服务 (/push/*, issue 18): one lazily loaded chunk (src/app/pages.tsx) for the push pages.
// 影像推送 is its one page so far; 图斑推送 (/push/spot) is to be told apart here by its path.
import type { PageProps } from '../../components/PageFrame';
import { ImagePush } from './ImagePush';

export default function PushPage({ title }: PageProps) {
  return <ImagePush title={title} />;
}
