import { describe, expect, it } from 'vitest';
import { regionAccess, regionCovers, regionLevel, regionPrefix } from './areaRange';

describe('regionCovers', () => {
  it.each([
    ['100000', '420111', true],
    ['100000', '100000', true],
    ['420000', '420000', true],
    ['420000', '420100', true],
    ['420000', '420111', true],
    ['420000', '429004', true], // 仙桃, a county directly under the province
    ['420000', '430000', false],
    ['420100', '420111', true],
    ['420100', '420100', true],
    ['420100', '420000', false],
    ['420100', '420200', false],
    ['420100', '420211', false],
    ['420111', '420111', true],
    ['420111', '420112', false],
    ['420111', '420100', false],
    ['442000', '442000', true], // 中山, a city without counties
    ['420000', '100000', false],
  ])('%s covers %s: %s', (range, code, covers) => {
    expect(regionCovers(range, code)).toBe(covers);
  });
});

describe('regionLevel', () => {
  it('reads the level from the code (spec §3)', () => {
    expect(['100000', '420000', '420100', '420111', '429004'].map(regionLevel)).toEqual([
      0, 1, 2, 3, 3,
    ]);
  });
});

describe('regionPrefix', () => {
  it('is what the codes of every region inside share', () => {
    expect(regionPrefix('100000')).toBe('');
    expect(regionPrefix('420000')).toBe('42');
    expect(regionPrefix('420100')).toBe('4201');
    expect(regionPrefix('420111')).toBe('420111');
  });
});

describe('regionAccess', () => {
  it('allows everything without a limit or with the country among the ranges', () => {
    expect(regionAccess('420111', undefined)).toBe('inside');
    expect(regionAccess('650000', ['420000', '100000'])).toBe('inside');
    expect(regionAccess('100000', ['100000'])).toBe('inside');
  });

  it('allows nothing with an empty range list', () => {
    expect(regionAccess('420000', [])).toBe('outside');
  });

  it('lets a province range cover its cities and counties', () => {
    expect(regionAccess('420000', ['420000'])).toBe('inside');
    expect(regionAccess('420100', ['420000'])).toBe('inside');
    expect(regionAccess('420111', ['420000'])).toBe('inside');
    expect(regionAccess('430100', ['420000'])).toBe('outside');
  });

  it('makes the parents of a range the way to it, not a choice', () => {
    expect(regionAccess('100000', ['420111'])).toBe('ancestor');
    expect(regionAccess('420000', ['420111'])).toBe('ancestor');
    expect(regionAccess('420100', ['420111'])).toBe('ancestor');
    expect(regionAccess('420102', ['420111'])).toBe('outside');
    expect(regionAccess('420200', ['420111'])).toBe('outside');
  });

  it('takes the widest answer over several ranges', () => {
    const ranges = ['420100', '430000'];
    expect(regionAccess('420000', ranges)).toBe('ancestor');
    expect(regionAccess('420111', ranges)).toBe('inside');
    expect(regionAccess('430100', ranges)).toBe('inside');
    expect(regionAccess('440000', ranges)).toBe('outside');
  });
});
