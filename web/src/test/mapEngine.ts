// A stand-in for the map engine in page tests: the real one needs WebGL, which jsdom lacks.
// It keeps every scene it is shown, in order. Use with
//   vi.mock('../../components/map/engine', () => import('../../test/mapEngine'));
// and empty `scenes` before each test.
import type { MapScene } from '../components/map/scene';

/** The scenes shown, oldest first, over every engine made. */
export const scenes: MapScene[] = [];

export class MapEngine {
  constructor(_: HTMLElement, scene: MapScene) {
    scenes.push(scene);
  }
  show(scene: MapScene) {
    scenes.push(scene);
  }
  destroy() {}
  fitBounds() {}
  view() {
    return null;
  }
}
