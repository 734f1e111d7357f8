import { describe, expect, it } from 'vitest';
import { routeAt } from './routes';
import { trackedVisits, visitsAfter } from './visits';

describe('visit counting after navigation', () => {
  it('counts the cart as Shopping and Personal', () => {
    expect(visitsAfter('/personal/personalCenter/shopping').map((visit) => visit.name)).toEqual([
      'Shopping',
      'Personal',
    ]);
  });

  it('counts nothing for pages outside the tracked list', () => {
    expect(visitsAfter('/platform/platformIntro/description')).toEqual([]);
    expect(visitsAfter('/monitor/windmill')).toEqual([]);
  });

  it('tracks only three-part paths of the route table', () => {
    for (const path of Object.keys(trackedVisits)) {
      expect(path.split('/').filter(Boolean)).toHaveLength(3);
      expect(routeAt(path).page).toBeDefined();
    }
  });
});
