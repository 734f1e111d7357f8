import { describe, expect, it } from 'vitest';
import { channelLabel } from '../../lib/pushChannels';
import { nodeSummary } from './format';

describe('the push figures', () => {
  it('write a node with what it received', () => {
    expect(
      nodeSummary({
        nodeId: 1,
        nodeName: '湖北省推送节点',
        regionId: '420000',
        regionName: '湖北省',
        sceneCount: 200,
        sizeMb: 1234.5,
      }),
    ).toBe('湖北省推送节点（200 景，1.21 GB）');
  });

  it('name the channels in Chinese', () => {
    expect(channelLabel('internet')).toBe('互联网');
    expect(channelLabel('privateline')).toBe('专线');
  });
});
