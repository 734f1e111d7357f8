// A typical image page (/satellite/typicalImage/*): the samples an editor uploaded for it
// (files of category `typical` owned by the page), one at a time in the zoom-and-pan viewer.
import { useState } from 'react';
import { Button } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import { useTypicalImages } from './api/getTypicalImages';
import { ImageViewer } from './ImageViewer';

export function TypicalImagePage({ owner }: { owner: string }) {
  const images = useTypicalImages(owner);
  const [chosen, setChosen] = useState(0);
  if (images.isPending) return <p>正在加载典型影像…</p>;
  if (images.isError)
    return (
      <LoadFailed
        title="典型影像加载失败"
        onRetry={() => void images.refetch()}
        testId="typical-failed"
      />
    );
  const list = images.data;
  const shown = list[Math.min(chosen, list.length - 1)];
  if (!shown)
    return <p data-testid="typical-empty">暂无典型影像，编辑上传样例影像后将在此展示。</p>;
  return (
    <div data-testid="typical-image">
      {list.length > 1 && (
        <ul className="typical-list" aria-label="样例影像">
          {list.map((image, index) => (
            <li key={image.id}>
              <Button
                type={image.id === shown.id ? 'primary' : 'default'}
                aria-pressed={image.id === shown.id}
                onClick={() => setChosen(index)}
              >
                {image.title || image.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h2 className="typical-title">{shown.title || shown.name}</h2>
      <ImageViewer key={shown.id} src={shown.url} alt={shown.title || shown.name} />
    </div>
  );
}
