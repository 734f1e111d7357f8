// The typical image viewer's view (pure; tested in zoom.test.ts): a scale and an offset of the
// picture inside its frame, zoomed about a point and panned, the scale kept within bounds.

export interface View {
  scale: number;
  /** Offset of the picture's top-left corner in the frame, CSS pixels. */
  x: number;
  y: number;
}

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 16;
/** One button press or wheel notch. */
export const ZOOM_STEP = 1.25;
/** How far one arrow-button press pans, CSS pixels. */
export const PAN_STEP = 50;

export const INITIAL: View = { scale: 1, x: 0, y: 0 };

/** The view that shows a `width` × `height` picture whole and centred in a `frameWidth` × `frameHeight` frame. */
export function fit(frameWidth: number, frameHeight: number, width: number, height: number): View {
  if (width <= 0 || height <= 0 || frameWidth <= 0 || frameHeight <= 0) return INITIAL;
  const scale = Math.min(
    MAX_SCALE,
    Math.max(MIN_SCALE, Math.min(frameWidth / width, frameHeight / height)),
  );
  return { scale, x: (frameWidth - width * scale) / 2, y: (frameHeight - height * scale) / 2 };
}

/** `view` zoomed by `factor` about the frame point (px, py), which stays where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const applied = scale / view.scale;
  return { scale, x: px - (px - view.x) * applied, y: py - (py - view.y) * applied };
}

/** `view` moved by (dx, dy) CSS pixels. */
export function pan(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** The zoom factor of a wheel turn: one step per notch, in or out. */
export function wheelFactor(deltaY: number): number {
  return deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
}
