import { describe, expect, it } from 'vitest';
import { INITIAL, MAX_SCALE, MIN_SCALE, ZOOM_STEP, fit, pan, wheelFactor, zoomAt } from './zoom';

describe('the viewer', () => {
  it('zooms about a point that stays under the pointer', () => {
    const view = zoomAt(INITIAL, 2, 100, 50);
    expect(view).toEqual({ scale: 2, x: -100, y: -50 });
    // The picture point that was at (100, 50) is at (100, 50) again.
    expect(view.x + 100 * view.scale).toBe(100);
    expect(view.y + 50 * view.scale).toBe(50);
  });

  it('first shows the picture whole and centred', () => {
    expect(fit(1000, 500, 256, 256)).toEqual({ scale: 500 / 256, x: 250, y: 0 });
    expect(fit(100, 400, 200, 100)).toEqual({ scale: 0.5, x: 0, y: 175 });
    // A picture not loaded yet keeps the plain view.
    expect(fit(1000, 500, 0, 0)).toEqual(INITIAL);
  });

  it('keeps the scale within its bounds', () => {
    expect(zoomAt({ scale: MAX_SCALE, x: 0, y: 0 }, 2, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAt({ scale: MIN_SCALE, x: 0, y: 0 }, 0.5, 0, 0).scale).toBe(MIN_SCALE);
  });

  it('pans by the distance moved and zooms one step per wheel notch', () => {
    expect(pan({ scale: 2, x: 10, y: 10 }, -30, 5)).toEqual({ scale: 2, x: -20, y: 15 });
    expect(wheelFactor(-100)).toBe(ZOOM_STEP);
    expect(wheelFactor(100)).toBe(1 / ZOOM_STEP);
  });
});
