// The imperative island: the one module that imports maplibre-gl (and terra-draw, which
// draws on it). MapCanvas hands it the scene the props ask for; it runs the commands of
// scene.ts against the map and reports what the user did through `events`.
import {
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
  type GeoJSONSource,
  type MapOptions,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawRectangleMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { rasterStyle } from './baseLayers';
import {
  DRAW_PREFIX,
  PARTS,
  carryOver,
  ours,
  overlayLayers,
  overlayOfPart,
  overlaySource,
  partId,
  sourceId,
} from './mapStyle';
import { mapRequest } from './requests';
import { diffScene, type MapCommand, type MapScene } from './scene';
import type { BaseLayer, Bbox, DrawnShape, FeatureHit, MapViewState } from './types';

// The worker is an asset of its own (Vite copies it); MapLibre would look for it beside
// its own module otherwise, which is not where the bundle puts it.
setWorkerUrl(workerUrl);

declare global {
  interface Window {
    /** Set by the end-to-end driver: the map also counts its base-map features (setIdle). */
    rscloudMapProbe?: boolean;
  }
}

/** The whole country, the South China Sea included: the first view without an extent. */
export const CHINA_BBOX: Bbox = [73.5, 3.8, 135.1, 53.6];

const FIT_PADDING = 40;

const DRAW_COLOR = '#e8590c';

/** Chinese labels of MapLibre's own controls. */
const LOCALE = {
  'NavigationControl.ResetBearing': '复位正北',
  'NavigationControl.ZoomIn': '放大',
  'NavigationControl.ZoomOut': '缩小',
  'ScaleControl.Meters': '米',
  'ScaleControl.Kilometers': '公里',
  'AttributionControl.ToggleAttribution': '数据来源',
  'AttributionControl.MapFeedback': '地图反馈',
};

export interface EngineEvents {
  /** The user finished drawing a shape. */
  drawn: (shape: DrawnShape) => void;
  /** The view settled after a movement. */
  view: (view: MapViewState) => void;
  /** The cursor moved over the map ([lon, lat]), or left it (null). */
  cursor: (position: [number, number] | null) => void;
  /** The mouse moved onto a feature of an interactive overlay, or off them all (null). */
  hover: (hit: FeatureHit | null) => void;
  /** A feature of an interactive overlay was clicked. */
  click: (hit: FeatureHit) => void;
  /** The map was clicked at this [lon, lat], on a feature or not. */
  point: (position: [number, number]) => void;
}

function styleOf(layer: BaseLayer): string | StyleSpecification {
  return layer.kind === 'style' ? (layer.urls[0] ?? '') : rasterStyle(layer);
}

export class MapEngine {
  private readonly map: MapLibreMap;
  private draw: TerraDraw | null = null;
  /** What the map shows now (a base-layer switch in progress counts as shown). */
  private applied: MapScene;
  /** What the props ask for. */
  private wanted: MapScene;
  /** False while a style loads: the commands wait for it. */
  private styleReady = false;
  /** The feature last reported under the mouse ("layer/id"), or null. */
  private hovered: string | null = null;

  private readonly events: EngineEvents;

  constructor(
    private readonly container: HTMLElement,
    scene: MapScene,
    {
      events,
      scale,
      token,
    }: {
      events: EngineEvents;
      scale: boolean;
      /** The session's token, read for each request (see requests.ts). */
      token: () => string | null;
    },
  ) {
    this.events = events;
    this.wanted = scene;
    // What the constructor below shows; the rest of the scene follows once the style loads.
    this.applied = { ...scene, projection: 'mercator', overlays: [], drawn: null, drawMode: null };
    const options: MapOptions = {
      container,
      style: styleOf(scene.baseLayer),
      bounds: [...(scene.extent ?? CHINA_BBOX)],
      fitBoundsOptions: { padding: FIT_PADDING },
      attributionControl: false,
      // Labels are drawn with the browser's fonts (the basemap has no glyph server).
      localIdeographFontFamily:
        "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
      locale: LOCALE,
      // Labels appear at once rather than fading in: a fade redraws the whole map every
      // frame for 300 ms after each tile's labels are placed, which on a slow or software-
      // rendered GPU keeps the page's main thread busy for seconds after it loads.
      fadeDuration: 0,
      // The whole world at most: a smaller globe is only a dot.
      minZoom: 1,
      // A flat map: no tilting or rotating by accident (the globe still turns by dragging).
      maxPitch: 0,
      dragRotate: false,
      touchPitch: false,
      transformRequest: (url) => mapRequest(url, window.location.origin, token()),
    };
    this.map = new MapLibreMap(options);
    this.map.touchZoomRotate.disableRotation();
    this.map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    if (scale)
      this.map.addControl(new ScaleControl({ maxWidth: 120, unit: 'metric' }), 'bottom-left');
    this.map.addControl(new AttributionControl({ compact: true }), 'bottom-right');

    this.map.on('style.load', () => {
      this.styleReady = true;
      this.sync();
    });
    this.map.once('load', () => this.reportView());
    this.map.on('moveend', () => this.reportView());
    this.map.on('movestart', () => this.setIdle(false));
    this.map.on('idle', () => this.setIdle(true));
    this.map.on('mousemove', (event) => {
      this.events.cursor([event.lngLat.lng, event.lngLat.lat]);
      this.reportHover(this.featureAt([event.point.x, event.point.y]));
    });
    this.map.on('click', (event) => {
      const hit = this.featureAt([event.point.x, event.point.y]);
      if (hit) this.events.click(hit);
      this.events.point([event.lngLat.lng, event.lngLat.lat]);
    });
    this.map.on('mouseout', () => {
      this.events.cursor(null);
      this.reportHover(null);
    });
    this.map.on('error', (event) => console.warn('map:', event.error.message));
    this.setIdle(false);
  }

  /** Shows `scene`: runs the commands that differ from what is shown. */
  show(scene: MapScene): void {
    this.wanted = scene;
    if (this.styleReady) this.sync();
  }

  /** Shows `bbox` whole, or, when that needs a zoom below `minZoom`, its centre at `minZoom`. */
  fitBounds(bbox: Bbox, minZoom = 0): void {
    const [west, south, east, north] = bbox;
    const bounds: [[number, number], [number, number]] = [
      [west, south],
      [east, north],
    ];
    const options = { padding: FIT_PADDING, maxZoom: 16 };
    const camera = this.map.cameraForBounds(bounds, options);
    if (camera?.zoom !== undefined && camera.zoom < minZoom) {
      this.map.easeTo({ center: camera.center, zoom: minZoom });
      return;
    }
    this.map.fitBounds(bounds, options);
  }

  /** Moves the view at once (no animation) to `center` and `zoom`. */
  jumpTo({ center, zoom }: Pick<MapViewState, 'center' | 'zoom'>): void {
    this.map.jumpTo({ center, zoom });
  }

  view(): MapViewState {
    const center = this.map.getCenter();
    const bounds = this.map.getBounds();
    return {
      center: [center.lng, center.lat],
      zoom: this.map.getZoom(),
      bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      projection: this.applied.projection,
    };
  }

  destroy(): void {
    try {
      this.draw?.stop();
    } catch {
      // The map may have lost its style already; it goes next anyway.
    }
    this.map.remove();
  }

  private sync(): void {
    const commands = diffScene(this.applied, this.wanted);
    if (commands.length > 0) {
      // What was drawn is stale until the map has drawn the change: a projection or an
      // overlay's data changes without a movement, and only a movement cleared this before,
      // so a test waiting for the map to settle could read the counts of the scene before.
      // The repaint makes sure an idle follows even when no command changed anything.
      this.setIdle(false);
      this.map.triggerRepaint();
    }
    for (const command of commands) {
      try {
        this.run(command);
      } catch (error) {
        // One refused command (say, a layer MapLibre rejects) leaves the rest of the map be.
        console.error(`map: ${command.kind} failed:`, error);
      }
      if (command.kind === 'setBaseLayer') {
        // The rest waits until the new style has loaded (style.load calls sync again).
        this.applied = { ...this.applied, baseLayer: command.baseLayer };
        return;
      }
    }
    // An uncontrolled drawing stays what the user drew.
    const drawn = this.wanted.drawn === undefined ? this.applied.drawn : this.wanted.drawn;
    this.applied = { ...this.wanted, drawn };
  }

  private run(command: MapCommand): void {
    const { map } = this;
    switch (command.kind) {
      case 'setBaseLayer': {
        this.styleReady = false;
        const projection = this.applied.projection;
        map.setStyle(styleOf(command.baseLayer), {
          diff: false,
          transformStyle: (previous, next) => carryOver(previous, next, projection),
        });
        break;
      }
      case 'setProjection':
        map.setProjection({ type: command.projection });
        // The projection shows in the reported view, and a switch is no movement.
        this.applied = { ...this.applied, projection: command.projection };
        this.reportView();
        break;
      case 'fitBounds':
        this.fitBounds(command.bbox, command.minZoom);
        break;
      case 'addOverlay': {
        const { layer } = command;
        map.addSource(sourceId(layer.id), overlaySource(layer));
        const before = command.before ? this.firstPartOf(command.before) : this.overlayTop();
        for (const part of overlayLayers(layer)) map.addLayer(part, before);
        break;
      }
      case 'removeOverlay':
        for (const part of PARTS) {
          if (map.getLayer(partId(command.id, part))) map.removeLayer(partId(command.id, part));
        }
        if (map.getSource(sourceId(command.id))) map.removeSource(sourceId(command.id));
        break;
      case 'setOverlayData':
        map
          .getSource<GeoJSONSource>(sourceId(command.id))
          ?.setData(command.data)
          .catch((error: unknown) => console.warn('map: layer data refused:', error));
        break;
      case 'restyleOverlay': {
        // Its parts are laid again where they were, over the same source: nothing reloads.
        const parts = PARTS.map((part) => partId(command.layer.id, part)).filter((id) =>
          map.getLayer(id),
        );
        const style = map.getStyle().layers;
        const last = style.findIndex((layer) => layer.id === parts.at(-1));
        const above = last >= 0 ? style[last + 1]?.id : undefined;
        for (const part of parts) map.removeLayer(part);
        for (const part of overlayLayers(command.layer)) map.addLayer(part, above);
        break;
      }
      case 'setOverlayVisibility':
        for (const part of PARTS) {
          if (map.getLayer(partId(command.id, part)))
            map.setLayoutProperty(
              partId(command.id, part),
              'visibility',
              command.visible ? 'visible' : 'none',
            );
        }
        break;
      case 'setDrawn':
        this.showShape(command.shape);
        break;
      case 'setDrawMode':
        if (command.mode) this.drawing().setMode(command.mode);
        else this.draw?.setMode('static');
        break;
    }
  }

  /** Where overlays go by default: under the base map's labels and the drawing. */
  private overlayTop(): string | undefined {
    const layers = this.map.getStyle().layers;
    return (
      layers.find((layer) => layer.type === 'symbol' && !ours(layer.id)) ??
      layers.find((layer) => layer.id.startsWith(DRAW_PREFIX))
    )?.id;
  }

  private firstPartOf(overlay: string): string | undefined {
    return PARTS.map((part) => partId(overlay, part)).find((id) => this.map.getLayer(id));
  }

  /**
   * The drawing tool, started the first time a shape is drawn or shown: most maps never
   * draw, and its layers would cost every frame of theirs, the first ones included.
   */
  private drawing(): TerraDraw {
    return this.draw ?? this.startDrawing();
  }

  private startDrawing(): TerraDraw {
    const styles = {
      fillColor: DRAW_COLOR,
      fillOpacity: 0.15,
      outlineColor: DRAW_COLOR,
      outlineWidth: 2,
    } as const;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map: this.map, prefixId: 'td' }),
      modes: [
        new TerraDrawRectangleMode({ styles, drawInteraction: 'click-move-or-drag' }),
        new TerraDrawPolygonMode({
          styles: {
            ...styles,
            closingPointColor: DRAW_COLOR,
            closingPointOutlineColor: '#ffffff',
            closingPointWidth: 4,
            closingPointOutlineWidth: 1,
          },
        }),
      ],
    });
    draw.start();
    draw.on('finish', (id, context) => {
      if (context.action !== 'draw') return;
      const feature = draw.getSnapshotFeature(id);
      if (feature?.geometry.type !== 'Polygon') return;
      // One area of interest at a time: the new shape replaces the previous one.
      const others = draw
        .getSnapshot()
        .map((drawn) => drawn.id)
        .filter((other): other is string | number => other !== undefined && other !== id);
      if (others.length) draw.removeFeatures(others);
      const shape: DrawnShape = {
        type: 'Feature',
        properties: { mode: context.mode },
        geometry: { type: 'Polygon', coordinates: feature.geometry.coordinates },
      };
      // Shown already: the same shape coming back as a prop is no change.
      this.applied = { ...this.applied, drawn: shape };
      this.events.drawn(shape);
    });
    this.draw = draw;
    return draw;
  }

  private showShape(shape: DrawnShape | null): void {
    // Nothing to clear when the tool never started.
    const draw = shape ? this.drawing() : this.draw;
    if (!draw) return;
    draw.clear();
    if (!shape) return;
    const results = draw.addFeatures([
      {
        type: 'Feature',
        geometry: shape.geometry,
        properties: { mode: 'polygon' },
      },
    ]);
    const refused = results.find((result) => !result.valid);
    if (refused) console.warn('map: the shape cannot be shown:', refused.reason);
  }

  /** The topmost feature of an interactive overlay at a pixel of the map. */
  private featureAt(point: [number, number]): FeatureHit | null {
    if (!this.styleReady) return null;
    const layers = this.applied.overlays
      .filter((layer) => layer.kind !== 'image' && layer.interactive)
      .flatMap((layer) => PARTS.map((part) => partId(layer.id, part)))
      .filter((id) => this.map.getLayer(id));
    if (!layers.length) return null;
    const [top] = this.map.queryRenderedFeatures(point, { layers });
    // A tile feature without an `id` attribute is known by its tile feature id.
    const id: unknown = top?.properties.id ?? top?.id;
    if (!top || (typeof id !== 'string' && typeof id !== 'number')) return null;
    return { layer: overlayOfPart(top.layer.id), id: String(id) };
  }

  private reportHover(hit: FeatureHit | null): void {
    const key = hit && `${hit.layer}/${hit.id}`;
    if (key === this.hovered) return;
    this.hovered = key;
    this.map.getCanvas().style.cursor = hit ? 'pointer' : '';
    this.events.hover(hit);
  }

  private reportView(): void {
    const view = this.view();
    this.container.dataset.view = JSON.stringify(view);
    this.events.view(view);
  }

  /**
   * For tests and for whoever waits: whether the map has drawn everything it has loaded;
   * then how many features of each overlay it drew (an image overlay: 1 once its picture
   * has loaded), and, when `window.rscloudMapProbe` is set (the end-to-end driver sets it),
   * how many base-map features. Counting the base map queries every drawn feature and label,
   * a long task on each idle that visitors should not pay for.
   */
  private setIdle(idle: boolean): void {
    this.container.dataset.idle = String(idle);
    if (!idle) return;
    if (window.rscloudMapProbe) {
      const base = this.map.queryRenderedFeatures().filter((feature) => !ours(feature.layer.id));
      this.container.dataset.rendered = String(base.length);
    }
    const overlayParts = this.applied.overlays
      .flatMap((layer) => PARTS.map((part) => partId(layer.id, part)))
      .filter((id) => this.map.getLayer(id));
    const features = overlayParts.length
      ? this.map.queryRenderedFeatures({ layers: overlayParts })
      : [];
    // Per part (fill, line…), the largest count: a polygon is one feature, not two.
    const parts = new Map<string, number>();
    for (const { layer } of features) parts.set(layer.id, (parts.get(layer.id) ?? 0) + 1);
    const overlays: Record<string, number> = {};
    for (const layer of this.applied.overlays) {
      const counts = PARTS.map((part) => parts.get(partId(layer.id, part)) ?? 0);
      // A picture has no features: 1 once it has loaded.
      overlays[layer.id] =
        layer.kind === 'image'
          ? Number(this.map.getSource(sourceId(layer.id))?.loaded() ?? false)
          : Math.max(...counts);
    }
    this.container.dataset.overlays = JSON.stringify(overlays);
  }
}
