// Before and after, stacked: a vertical divider shows the picture before the change on its
// left and after on its right. Drag anywhere on it with the mouse or a finger, or move the
// divider with the keyboard (arrows, Page Up/Down, Home, End) once it has the focus.
import {
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import './SwipeCompare.css';

/** How far one arrow key moves the divider, and Page Up/Down, in percent of the width. */
export const ARROW_STEP = 5;
export const PAGE_STEP = 25;

function clamp(position: number): number {
  return Math.min(100, Math.max(0, position));
}

/** The divider's position (percent from the left) for a pointer at `clientX` over `box`. */
export function positionAt(clientX: number, box: Pick<DOMRect, 'left' | 'width'>): number {
  if (!(box.width > 0)) return 50;
  return clamp(((clientX - box.left) / box.width) * 100);
}

/** Where a key moves the divider from `position`; null for a key that does not move it. */
export function positionAfterKey(position: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - ARROW_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + ARROW_STEP);
    case 'PageDown':
      return clamp(position - PAGE_STEP);
    case 'PageUp':
      return clamp(position + PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return null;
  }
}

export interface SwipeCompareProps {
  /** What was there before the change (a picture, or a word why there is none). */
  before: ReactNode;
  after: ReactNode;
  beforeLabel?: string;
  afterLabel?: string;
  /** Where the divider starts, percent from the left; default the middle. */
  initial?: number;
}

export function SwipeCompare({
  before,
  after,
  beforeLabel = '变化前',
  afterLabel = '变化后',
  initial = 50,
}: SwipeCompareProps) {
  const [position, setPosition] = useState(() => clamp(initial));
  const [dragging, setDragging] = useState(false);

  const follow = (event: PointerEvent<HTMLDivElement>) =>
    setPosition(positionAt(event.clientX, event.currentTarget.getBoundingClientRect()));

  const press = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // The drag goes on when the pointer leaves the pictures, until it is released.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    follow(event);
  };

  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = positionAfterKey(position, event.key);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  };

  const shown = Math.round(position);
  return (
    <div
      className={dragging ? 'swipe swipe--dragging' : 'swipe'}
      style={{ '--swipe': `${position}%` } as CSSProperties}
      data-testid="swipe"
      onPointerDown={press}
      onPointerMove={(event) => dragging && follow(event)}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
    >
      <div className="swipe__pane" data-testid="swipe-after">
        {after}
      </div>
      <div className="swipe__pane swipe__pane--before" data-testid="swipe-before">
        {before}
      </div>
      <span className="swipe__label swipe__label--before">{beforeLabel}</span>
      <span className="swipe__label swipe__label--after">{afterLabel}</span>
      <div className="swipe__divider">
        <div
          className="swipe__handle"
          role="slider"
          tabIndex={0}
          aria-label={`${beforeLabel}与${afterLabel}对比分界`}
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
          aria-valuetext={`${beforeLabel} ${shown}%`}
          onKeyDown={key}
          data-testid="swipe-handle"
        />
      </div>
    </div>
  );
}
