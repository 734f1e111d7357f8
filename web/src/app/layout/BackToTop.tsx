import { Suspense, lazy, useSyncExternalStore } from 'react';
import { VerticalAlignTopOutlined } from '@ant-design/icons';

// Loaded once the page is scrolled far: the first screen never needs it.
const FloatButton = lazy(() => import('antd/es/float-button'));

/** Spec §9: the button shows once the page is scrolled this far. */
const BACK_TO_TOP_THRESHOLD_PX = 300;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const isScrolledFar = () => window.scrollY >= BACK_TO_TOP_THRESHOLD_PX;

export function BackToTop() {
  const visible = useSyncExternalStore(subscribe, isScrolledFar);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <FloatButton
        icon={<VerticalAlignTopOutlined />}
        tooltip="返回顶部"
        data-testid="back-to-top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      />
    </Suspense>
  );
}
