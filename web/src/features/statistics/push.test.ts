import { describe, expect, it } from 'vitest';
import type { Distribution } from './api/getPushStatistics';
import { grandTotal, nodeRows, recentYears } from './push';

function distribution(
  channel: Distribution['channel'],
  nodes: [number, number, number, number][],
): Distribution {
  const list = nodes.map(([nodeId, batches, scenes, sizeMb]) => ({
    nodeId,
    nodeName: `节点${nodeId}`,
    regionId: '420000',
    regionName: '湖北省',
    batches,
    scenes,
    sizeMb,
  }));
  return {
    channel,
    year: 2026,
    total: {
      batches: list.reduce((s, n) => s + n.batches, 0),
      scenes: list.reduce((s, n) => s + n.scenes, 0),
      sizeMb: list.reduce((s, n) => s + n.sizeMb, 0),
    },
    nodes: list,
    months: [],
    satellites: [],
  };
}

describe('push statistics figures', () => {
  it('puts both channels of a node in one row that adds them up', () => {
    const internet = distribution('internet', [
      [1, 2, 100, 512],
      [2, 0, 0, 0],
    ]);
    const privateline = distribution('privateline', [
      [1, 1, 5, 20],
      [2, 1, 7, 30],
    ]);
    expect(nodeRows(internet, privateline)).toEqual([
      expect.objectContaining({
        nodeId: 1,
        internetScenes: 100,
        privatelineScenes: 5,
        batches: 3,
        scenes: 105,
        sizeMb: 532,
      }),
      expect.objectContaining({
        nodeId: 2,
        internetScenes: 0,
        privatelineScenes: 7,
        batches: 1,
        scenes: 7,
        sizeMb: 30,
      }),
    ]);
    expect(grandTotal(internet, privateline)).toEqual({ batches: 4, scenes: 112, sizeMb: 562 });
  });

  it('offers this year and the four before it', () => {
    expect(recentYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
});
