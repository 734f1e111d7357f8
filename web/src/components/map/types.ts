// What a page can tell the map and what the map tells the page (see MapView.tsx). Plain
// data only: nothing here loads the map library.
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import type { ReactNode } from 'react';

/** [west, south, east, north] in degrees (WGS84), the order of the region API's `bbox`. */
export type Bbox = readonly [number, number, number, number];

/** The box of the first four numbers of `box`; null when there are fewer. */
export function asBbox(box: readonly number[] | null | undefined): Bbox | null {
  const [west, south, east, north] = box ?? [];
  if (west === undefined || south === undefined || east === undefined || north === undefined)
    return null;
  return [west, south, east, north];
}

export type Projection = 'mercator' | 'globe';

/** What the mouse draws next; null: nothing (the map pans). */
export type DrawMode = 'rectangle' | 'polygon' | null;

/** A drawn area of interest. */
export type DrawnShape = Feature<Polygon>;

/**
 * A base map. `VEC` is rscloud's own vector basemap (the default and the only one that
 * needs nothing outside the server); the others are raster tiles from elsewhere and are
 * offered only when the deployment configures them (see baseLayers.ts).
 */
export interface BaseLayer {
  id: string;
  /** Chinese name for the switcher, e.g. 矢量底图. */
  name: string;
  /** `style`: a MapLibre style URL; `raster`: XYZ tile URL templates ({z}/{x}/{y}). */
  kind: 'style' | 'raster';
  /** The style URL, or the raster tile URL templates drawn bottom first (tiles, labels). */
  urls: readonly string[];
  attribution?: string;
}

/**
 * A colour: a CSS colour, or a MapLibre expression that gives one per feature, e.g.
 * ['match', ['get', 'code'], '420100', '#1c7b31', '#cccccc'].
 */
export type ColorValue = string | readonly unknown[];

/** How an extra layer is drawn; each key present adds that part (fill, outline, points). */
export interface LayerPaint {
  fillColor?: ColorValue;
  fillOpacity?: number;
  lineColor?: ColorValue;
  lineWidth?: number;
  /** Dash pattern in line widths, e.g. [2, 2]. */
  lineDash?: readonly number[];
  circleColor?: ColorValue;
  circleRadius?: number;
  /** For an image layer; default 1. */
  rasterOpacity?: number;
}

/** Corners of an image on the map, [lon, lat]: top-left, top-right, bottom-right, bottom-left. */
export type ImageCorners = readonly [
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
];

/**
 * A feature of an interactive layer under the mouse: the layer and the feature's `id`
 * property, or for a vector tile feature without one, its tile feature id (a region code, a
 * spot id).
 */
export interface FeatureHit {
  layer: string;
  id: string;
}

/** An extra layer over the base map. */
export type MapLayer = {
  /** Unique among the layers of one map. */
  id: string;
  paint: LayerPaint;
  /** Hidden but kept; default true. */
  visible?: boolean;
} & (
  | {
      kind: 'geojson';
      /** Compared by reference: pass a new object to change what is shown. */
      data: FeatureCollection | Feature<Geometry>;
      /** Hovering and clicking its features is reported, by their `id` property. */
      interactive?: boolean;
    }
  | {
      kind: 'image';
      /** The picture's absolute URL. */
      url: string;
      coordinates: ImageCorners;
    }
  | {
      kind: 'vector';
      /** Absolute tile URL templates, e.g. `${origin}/ows/cloudPlatform/wmts/region_v2/{z}/{x}/{y}.pbf`. */
      tiles: readonly string[];
      /** The layer inside the tiles, e.g. 'region_v2'. */
      sourceLayer: string;
      minzoom?: number;
      maxzoom?: number;
      /** A MapLibre filter expression, e.g. ['==', ['get', 'level'], 1]. */
      filter?: readonly unknown[];
      /** Hovering and clicking its features is reported (onFeatureHover, onFeatureClick). */
      interactive?: boolean;
    }
);

/** Where the map looks; reported after every move (and exposed as `data-view` for tests). */
export interface MapViewState {
  center: [number, number];
  zoom: number;
  /** [west, south, east, north] of what is visible. */
  bounds: [number, number, number, number];
  projection: Projection;
}

/** The map's commands for a page that needs them imperatively. */
export interface MapViewHandle {
  /** Moves the view to show `bbox`, wherever the user has moved it since. */
  fitBounds: (bbox: Bbox) => void;
  /** The current view, or null before the map has loaded. */
  getView: () => MapViewState | null;
  /** Moves the view at once to this centre and zoom (maps kept in step with another). */
  jumpTo: (view: Pick<MapViewState, 'center' | 'zoom'>) => void;
}

export interface MapViewProps {
  /** The base map; default the offline vector basemap `VEC`. */
  baseLayer?: BaseLayer;
  /** 2D (Web Mercator) or the globe; default 'mercator'. */
  projection?: Projection;
  /** Fits the view to this box when its value changes (not when the user moves the map). */
  extent?: Bbox | null;
  /**
   * Fitting to `extent` zooms in at least this far, for layers whose features appear only from
   * a zoom on (the region tiles carry counties from zoom 8): a larger box is then shown around
   * its centre, cut at the edges.
   */
  extentMinZoom?: number;
  /** Regions to highlight, e.g. from /api/region/v2/pids/{id}/s. */
  highlight?: FeatureCollection<Polygon | MultiPolygon> | null;
  /** Extra layers drawn over the base map, in order (last on top). */
  layers?: readonly MapLayer[];
  /** What the mouse draws; default null. */
  drawMode?: DrawMode;
  /**
   * The area of interest (controlled): null clears it, a shape shows it; the shape onDrawn
   * gave is already shown. Absent: the drawing is left to the user.
   */
  drawn?: DrawnShape | null;
  /** The user finished drawing a shape (it replaces the previous one). */
  onDrawn?: (shape: DrawnShape) => void;
  /** The mouse moved onto a feature of an interactive layer, or off them all (null). */
  onFeatureHover?: (hit: FeatureHit | null) => void;
  /** A feature of an interactive layer was clicked (the topmost one under the mouse). */
  onFeatureClick?: (hit: FeatureHit) => void;
  /** The map was clicked anywhere, at this [lon, lat] (after onFeatureClick, if a feature was hit). */
  onMapClick?: (position: [number, number]) => void;
  /** The view changed (user or page), after the movement ended. */
  onViewChange?: (view: MapViewState) => void;
  /** Shows the scale bar; default true. */
  showScale?: boolean;
  /** Shows the longitude and latitude under the cursor; default true. */
  showCoordinates?: boolean;
  className?: string;
  /** Controls laid over the map (e.g. MapToolbar). */
  children?: ReactNode;
  'data-testid'?: string;
}
