// A picture in a frame that zooms (wheel, buttons) and pans (drag, arrow buttons). The
// buttons are ordinary buttons, so the keyboard reaches every action.
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { INITIAL, PAN_STEP, ZOOM_STEP, fit, pan, wheelFactor, zoomAt, type View } from './zoom';

type Action = 'zoom-in' | 'zoom-out' | 'left' | 'right' | 'up' | 'down' | 'reset';

/** The arrow buttons move the picture the way they point. */
const PAN_BY: Record<'left' | 'right' | 'up' | 'down', [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

const BUTTONS: { id: Action; label: string; icon: ReactNode }[] = [
  { id: 'zoom-in', label: '放大', icon: <ZoomInOutlined /> },
  { id: 'zoom-out', label: '缩小', icon: <ZoomOutOutlined /> },
  { id: 'left', label: '左移', icon: <ArrowLeftOutlined /> },
  { id: 'right', label: '右移', icon: <ArrowRightOutlined /> },
  { id: 'up', label: '上移', icon: <ArrowUpOutlined /> },
  { id: 'down', label: '下移', icon: <ArrowDownOutlined /> },
  { id: 'reset', label: '复位', icon: <UndoOutlined /> },
];

export function ImageViewer({ src, alt }: { src: string; alt: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(INITIAL);
  // The whole picture, centred: where the viewer starts once the picture is in, and 复位.
  const [fitted, setFitted] = useState<View | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  // React's wheel listener is passive; this one must stop the page from scrolling.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      setView((current) =>
        zoomAt(
          current,
          wheelFactor(event.deltaY),
          event.clientX - box.left,
          event.clientY - box.top,
        ),
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: event.clientX, y: event.clientY };
    setView((current) => pan(current, event.clientX - from.x, event.clientY - from.y));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const act = (action: Action) => {
    if (action === 'zoom-in' || action === 'zoom-out') {
      const box = frame.current?.getBoundingClientRect();
      const factor = action === 'zoom-in' ? ZOOM_STEP : 1 / ZOOM_STEP;
      setView((v) => zoomAt(v, factor, (box?.width ?? 0) / 2, (box?.height ?? 0) / 2));
    } else if (action === 'reset') setView(fitted ?? INITIAL);
    else {
      const [dx, dy] = PAN_BY[action];
      setView((v) => pan(v, dx * PAN_STEP, dy * PAN_STEP));
    }
  };

  return (
    <div className="image-viewer">
      <Space wrap role="toolbar" aria-label="影像缩放与平移">
        {BUTTONS.map((button) => (
          <Tooltip key={button.id} title={button.label}>
            <Button
              icon={button.icon}
              aria-label={button.label}
              onClick={() => act(button.id)}
              data-testid={`viewer-${button.id}`}
            />
          </Tooltip>
        ))}
        <span aria-live="polite" data-testid="viewer-scale">
          {Math.round(view.scale * 100)}%
        </span>
      </Space>
      <div
        ref={frame}
        className="image-viewer__frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid="viewer-frame"
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          className="image-viewer__image"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          onLoad={(event) => {
            const box = frame.current?.getBoundingClientRect();
            const picture = event.currentTarget;
            const whole = fit(
              box?.width ?? 0,
              box?.height ?? 0,
              picture.naturalWidth,
              picture.naturalHeight,
            );
            setFitted(whole);
            setView(whole);
          }}
          data-fitted={fitted !== null}
          data-scale={view.scale}
          data-testid="viewer-image"
        />
      </div>
    </div>
  );
}
