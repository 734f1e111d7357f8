import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { EngineEvents, MapEngine } from './engine';
import type { MapScene } from './scene';
import { MapView } from './MapView';
import type { DrawnShape, MapViewHandle, MapViewProps } from './types';

// The real engine needs WebGL, which jsdom lacks: a stand-in records what it is told.
const engines: {
  scene: MapScene;
  shown: MapScene[];
  events: EngineEvents;
  destroyed: boolean;
  fitted: unknown[];
}[] = [];
vi.mock('./engine', () => ({
  MapEngine: class {
    record: (typeof engines)[number];
    constructor(_: HTMLElement, scene: MapScene, { events }: { events: EngineEvents }) {
      this.record = { scene, shown: [], events, destroyed: false, fitted: [] };
      engines.push(this.record);
    }
    show(scene: MapScene) {
      this.record.shown.push(scene);
    }
    destroy() {
      this.record.destroyed = true;
    }
    fitBounds(bbox: unknown) {
      this.record.fitted.push(bbox);
    }
    view() {
      return null;
    }
  } satisfies new (...args: never[]) => Pick<MapEngine, 'show' | 'destroy'>,
}));

const shape: DrawnShape = {
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [114, 30],
        [115, 30],
        [115, 31],
        [114, 30],
      ],
    ],
  },
};

beforeEach(() => {
  engines.length = 0;
});

afterEach(() => vi.unstubAllGlobals());

describe('MapView', () => {
  it('says so, and keeps its controls, where the browser has no WebGL', () => {
    render(
      <MapView>
        <button type="button">控件</button>
      </MapView>,
    );
    expect(screen.getByTestId('map-failure')).toHaveTextContent('当前浏览器不支持 WebGL');
    expect(screen.getByRole('button', { name: '控件' })).toBeInTheDocument();
    expect(engines).toHaveLength(0);
  });

  describe('with WebGL', () => {
    beforeEach(() => vi.stubGlobal('WebGL2RenderingContext', class {}));

    // The engine is made in an effect after the lazily loaded canvas renders: waiting for
    // the canvas alone reads `engines` too early on a busy machine.
    async function renderMap(props: MapViewProps) {
      const view = render(<MapView {...props} />);
      await screen.findByTestId('map-canvas');
      await waitFor(() => expect(engines).not.toHaveLength(0));
      return view;
    }

    it('loads the map lazily and hands it the scene of its props, VEC by default', async () => {
      await renderMap({ extent: [114, 30, 115, 31], projection: 'globe' });
      expect(engines).toHaveLength(1);
      const { scene } = engines[0]!;
      expect(scene.baseLayer.urls).toEqual([
        `${window.location.origin}/ows/cloudPlatform/style/vec.json`,
      ]);
      expect(scene).toMatchObject({ extent: [114, 30, 115, 31], projection: 'globe' });
    });

    it('shows every new scene and tells the latest callbacks what the user did', async () => {
      const first = vi.fn();
      const second = vi.fn();
      const { rerender } = await renderMap({ onDrawn: first, drawMode: 'rectangle' });
      rerender(<MapView onDrawn={second} drawMode={null} />);
      const engine = engines[0]!;
      expect(engine.shown.at(-1)?.drawMode).toBeNull();
      act(() => engine.events.drawn(shape));
      expect(first).not.toHaveBeenCalled();
      expect(second).toHaveBeenCalledWith(shape);
    });

    it('tells the page which feature of an interactive layer the mouse is over', async () => {
      const onFeatureHover = vi.fn();
      await renderMap({ onFeatureHover });
      act(() => engines[0]!.events.hover({ layer: 'footprints', id: 'GF1_1' }));
      act(() => engines[0]!.events.hover(null));
      expect(onFeatureHover.mock.calls).toEqual([[{ layer: 'footprints', id: 'GF1_1' }], [null]]);
    });

    it('tells the page which feature of an interactive layer was clicked', async () => {
      const onFeatureClick = vi.fn();
      await renderMap({ onFeatureClick });
      act(() => engines[0]!.events.click({ layer: 'choropleth', id: '420100' }));
      expect(onFeatureClick).toHaveBeenCalledWith({ layer: 'choropleth', id: '420100' });
    });

    it('tells the page where the map was clicked', async () => {
      const onMapClick = vi.fn();
      await renderMap({ onMapClick });
      act(() => engines[0]!.events.point([114.3, 30.5]));
      expect(onMapClick).toHaveBeenCalledWith([114.3, 30.5]);
    });

    it('reads the cursor position out in Chinese', async () => {
      await renderMap({});
      act(() => engines[0]!.events.cursor([114.35212, 30.51234]));
      expect(screen.getByTestId('map-cursor')).toHaveTextContent('东经 114.3521° 北纬 30.5123°');
      act(() => engines[0]!.events.cursor(null));
      expect(screen.getByTestId('map-cursor')).toBeEmptyDOMElement();
    });

    it('fits the map to a box on command', async () => {
      const handle = createRef<MapViewHandle>();
      render(<MapView ref={handle} />);
      await screen.findByTestId('map-canvas');
      await waitFor(() => expect(engines).not.toHaveLength(0));
      handle.current?.fitBounds([114, 30, 115, 31]);
      expect(engines[0]?.fitted).toEqual([[114, 30, 115, 31]]);
    });

    it('ends the map with the component', async () => {
      const { unmount } = await renderMap({});
      unmount();
      expect(engines[0]?.destroyed).toBe(true);
    });
  });
});
