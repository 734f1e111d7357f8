// The frame of a map page (影像查询, 应用监测): a side panel with the page's title, a button
// beside it and the page's own controls below, and the map filling the rest of the window.
// A page sizes its side panel through its class (`.its-class .map-page__side`).
import type { ReactNode } from 'react';
import './MapPageFrame.css';

export interface MapPageFrameProps {
  title: string;
  /** Beside the title, e.g. 复制链接 or 清空. */
  action?: ReactNode;
  /** The side panel's content below the title. */
  side: ReactNode;
  map: ReactNode;
  /** What the page lays over everything (dialogs, drawers). */
  children?: ReactNode;
  className: string;
  testId: string;
}

export function MapPageFrame({
  title,
  action,
  side,
  map,
  children,
  className,
  testId,
}: MapPageFrameProps) {
  return (
    <div className={`map-page ${className}`} data-testid={testId}>
      <aside className="map-page__side">
        <div className="map-page__head">
          <h1 className="map-page__title" data-testid="page-title">
            {title}
          </h1>
          {action}
        </div>
        {side}
      </aside>
      <div className="map-page__map">{map}</div>
      {children}
    </div>
  );
}
