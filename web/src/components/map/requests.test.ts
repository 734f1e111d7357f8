import { describe, expect, it } from 'vitest';
import { mapRequest } from './requests';

const origin = 'http://127.0.0.1:8080';

describe('mapRequest', () => {
  it("sends the session's token with the server's map services", () => {
    const tile = `${origin}/ows/cloudPlatform/wmts/windmill_meta/6/52/26.pbf`;
    expect(mapRequest(tile, origin, 'abc')).toEqual({ url: tile, headers: { token: 'abc' } });
  });

  it('keeps the token from other hosts and from requests outside /ows/', () => {
    const tianditu = 'https://t0.tianditu.gov.cn/vec_w/wmts?TILEMATRIX=6';
    expect(mapRequest(tianditu, origin, 'abc')).toEqual({ url: tianditu });
    // A host that only starts like the server's.
    const lookalike = `${origin}.example.com/ows/cloudPlatform/wmts/region/1/1/1.pbf`;
    expect(mapRequest(lookalike, origin, 'abc')).toEqual({ url: lookalike });
    expect(mapRequest(`${origin}/api/normal/v5/quicklook/a`, origin, 'abc')).toEqual({
      url: `${origin}/api/normal/v5/quicklook/a`,
    });
  });

  it('sends no header while anonymous', () => {
    const tile = `${origin}/ows/cloudPlatform/wmts/region/1/1/1.pbf`;
    expect(mapRequest(tile, origin, null)).toEqual({ url: tile });
  });
});
