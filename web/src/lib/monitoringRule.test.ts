import { describe, expect, it } from 'vitest';
import { regionRange } from '../test/session';
import { regionCodes } from './monitoringRule';

describe('regionCodes', () => {
  it('reads the region codes of the regionId ranges only', () => {
    expect(
      regionCodes([regionRange('420000'), { ...regionRange('430000'), type: 'other' }]),
    ).toEqual(['420000']);
    expect(regionCodes([])).toEqual([]);
  });
});
