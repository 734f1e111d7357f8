import { describe, expect, it } from 'vitest';
import { ViewSync, sameView } from './sequence';

const view = (lng: number, zoom: number) => ({ center: [lng, 30.5] as [number, number], zoom });

describe("SEQUENCE's maps in step", () => {
  it('moves every other map to where one was moved', () => {
    const sync = new ViewSync(5);
    expect(sync.moved(2, view(114.3, 9))).toEqual([0, 1, 3, 4]);
  });

  it('moves nothing when a map reports the view it was moved to (no echo)', () => {
    const sync = new ViewSync(5);
    sync.moved(0, view(114.3, 9));
    for (const follower of [1, 2, 3, 4]) expect(sync.moved(follower, view(114.3, 9))).toEqual([]);
    // The next move of any map leads again.
    expect(sync.moved(3, view(114.4, 10))).toEqual([0, 1, 2, 4]);
  });

  it('tells views apart by centre and zoom', () => {
    expect(sameView(null, view(1, 1))).toBe(false);
    expect(sameView(view(1, 1), view(1, 1 + 1e-9))).toBe(true);
    expect(sameView(view(1, 1), view(1.001, 1))).toBe(false);
  });
});
