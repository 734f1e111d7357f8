import { useSyncExternalStore } from 'react';
import { FloatButton } from 'antd';
import { VerticalAlignTopOutlined } from '@ant-design/icons';

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
    <FloatButton
      icon={<VerticalAlignTopOutlined />}
      tooltip="返回顶部"
      data-testid="back-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
