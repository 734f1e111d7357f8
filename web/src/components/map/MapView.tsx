// The one map component of the app (spec: "the map is an imperative island"). React tells
// it what to show through props (base layer, projection, extent, highlight, extra layers,
// draw mode, drawn shape); it tells React what the user did through callbacks (onDrawn,
// onViewChange). MapLibre and terra-draw load with it, lazily, in a chunk of their own.
//
//   <MapView extent={bbox} highlight={shapes} drawMode={mode} drawn={shape} onDrawn={setShape}>
//     <MapToolbar … />
//   </MapView>
import { Component, Suspense, lazy, useMemo, type ReactNode, type Ref } from 'react';
import { Button, Result, Spin } from 'antd';
import { useSession } from '../../lib/session';
import { vecBaseLayer } from './baseLayers';
import type { MapViewHandle, MapViewProps } from './types';
import './map.css';

const MapCanvas = lazy(() => import('./MapCanvas'));

/**
 * The token of the session at the time of a request. Read here, not in the map's own chunk:
 * the pages that show a map load the session's module already.
 */
const sessionToken = () => useSession.getState().token;

/** Whether this browser can draw the map at all (MapLibre needs WebGL). */
function webglAvailable(): boolean {
  return 'WebGL2RenderingContext' in window || 'WebGLRenderingContext' in window;
}

function MapFailure({ reload }: { reload: boolean }) {
  return (
    <div className="map-view__state" data-testid="map-failure">
      <Result
        status="warning"
        title="地图无法显示"
        subTitle={
          reload
            ? '地图加载失败，请检查网络后刷新页面重试。'
            : '当前浏览器不支持 WebGL，请使用新版 Chrome、Edge 或 Firefox 浏览器。'
        }
        extra={
          reload && (
            <Button type="primary" onClick={() => window.location.reload()}>
              刷新页面
            </Button>
          )
        }
      />
    </div>
  );
}

/** Keeps a map that fails (its chunk, or WebGL) from taking the page with it. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('map failed:', error);
  }

  render() {
    return this.state.failed ? <MapFailure reload /> : this.props.children;
  }
}

export function MapView({
  children,
  className,
  'data-testid': testId = 'map-view',
  ref,
  ...props
}: MapViewProps & { ref?: Ref<MapViewHandle> }) {
  const vec = useMemo(() => vecBaseLayer(window.location.origin), []);
  return (
    <div className={className ? `map-view ${className}` : 'map-view'} data-testid={testId}>
      {webglAvailable() ? (
        <MapBoundary>
          <Suspense
            fallback={
              <div className="map-view__state" data-testid="map-loading">
                <Spin description="地图加载中…" size="large">
                  <div className="map-view__spin" />
                </Spin>
              </div>
            }
          >
            <MapCanvas ref={ref} vec={vec} token={sessionToken} {...props} />
          </Suspense>
        </MapBoundary>
      ) : (
        <MapFailure reload={false} />
      )}
      {children && <div className="map-view__controls">{children}</div>}
    </div>
  );
}
