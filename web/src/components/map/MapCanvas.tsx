// The lazily loaded part of MapView: a div that MapEngine (engine.ts) draws into. Every
// render hands the engine the scene the props ask for; the engine reports back through the
// latest callbacks.
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { MapEngine } from './engine';
import { formatLngLat } from './format';
import { sceneOf } from './scene';
import type { BaseLayer, MapViewHandle, MapViewProps } from './types';

export interface MapCanvasProps extends Omit<MapViewProps, 'children' | 'className'> {
  /** The default base layer (VEC at the page's origin). */
  vec: BaseLayer;
  /** The session's token, read for each request to the server's map services. */
  token: () => string | null;
  ref?: Ref<MapViewHandle>;
}

export default function MapCanvas({
  vec,
  token,
  ref,
  showScale = true,
  showCoordinates = true,
  ...props
}: MapCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<MapEngine | null>(null);
  const scene = sceneOf(props, vec);

  // The engine lives as long as the component; it reads the latest scene and callbacks.
  const latest = useRef({ scene, props, showScale, token });
  useLayoutEffect(() => {
    latest.current = { scene, props, showScale, token };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const engine = new MapEngine(container, latest.current.scene, {
      scale: latest.current.showScale,
      token: () => latest.current.token(),
      events: {
        drawn: (shape) => latest.current.props.onDrawn?.(shape),
        view: (view) => latest.current.props.onViewChange?.(view),
        hover: (hit) => latest.current.props.onFeatureHover?.(hit),
        click: (hit) => latest.current.props.onFeatureClick?.(hit),
        point: (position) => latest.current.props.onMapClick?.(position),
        cursor: (position) => {
          // Written straight into the page: a React render per mouse move is not needed.
          if (cursorRef.current)
            cursorRef.current.textContent = position ? formatLngLat(position) : '';
        },
      },
    });
    engineRef.current = engine;
    return () => {
      engineRef.current = null;
      engine.destroy();
    };
  }, []);

  useEffect(() => {
    engineRef.current?.show(scene);
  });

  useImperativeHandle(
    ref,
    () => ({
      fitBounds: (bbox) => engineRef.current?.fitBounds(bbox),
      getView: () => engineRef.current?.view() ?? null,
      jumpTo: (view) => engineRef.current?.jumpTo(view),
    }),
    [],
  );

  return (
    <>
      <div ref={containerRef} className="map-view__canvas" data-testid="map-canvas" />
      {showCoordinates && (
        <div
          ref={cursorRef}
          className="map-view__cursor"
          data-testid="map-cursor"
          aria-live="off"
        />
      )}
    </>
  );
}
