import { describe, expect, it } from 'vitest';
import { knownPages } from './knownPages';

describe('the known editable pages', () => {
  it('lists the introduction, GEO, contact and software pages by their slugs', () => {
    const slugs = knownPages([]).map((page) => page.slug);
    expect(slugs).toEqual([
      'platformIntro/description',
      'platformIntro/data-sources',
      'platformIntro/service',
      'platformIntro/evaluation',
      'platformIntro/feature',
      'geo/plan',
      'geo/links',
      'about/contact',
      'software/landsis',
      'software/landgc',
      'software/landdm',
      'software/sdp',
      'software/landlaser',
      'software/landsar',
      'software/satimage',
      'software/landinfoextra',
      'software/stsimu',
    ]);
    expect(knownPages([]).find((page) => page.slug === 'geo/plan')).toEqual({
      slug: 'geo/plan',
      title: '工作计划',
      section: '中国GEO',
      path: '/platform/GEO/plan',
    });
  });

  it("adds one page per catalogue group that has a page, once, titled by the site's menu", () => {
    const satellites = knownPages([
      'chinese/gf1',
      'chinese/gf1',
      'global/optical/landsat',
      'nowhere',
    ])
      .filter((page) => page.section === '卫星介绍')
      .map(({ slug, title }) => [slug, title]);
    expect(satellites).toEqual([
      ['satellite/chinese/gf1', '高分一号'],
      ['satellite/global/optical/landsat', 'Landsat'],
    ]);
  });
});
