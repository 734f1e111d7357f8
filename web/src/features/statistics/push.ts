// The push statistics' figures as the page shows them: the two channels' numbers side by side
// per node, and their totals.
import type { Distribution } from './api/getPushStatistics';

/** One row of the per-node table: both channels' scenes and MB, and their sum. */
export interface NodeRow {
  nodeId: number;
  nodeName: string;
  regionName: string;
  internetScenes: number;
  privatelineScenes: number;
  batches: number;
  scenes: number;
  sizeMb: number;
}

/**
 * The per-node rows of both channels' answers (each lists the same nodes, the caller's).
 * `batches` adds the two channels' batch counts: a batch travels by one channel only.
 */
export function nodeRows(internet: Distribution, privateline: Distribution): NodeRow[] {
  return internet.nodes.map((node) => {
    const other = privateline.nodes.find((n) => n.nodeId === node.nodeId);
    return {
      nodeId: node.nodeId,
      nodeName: node.nodeName,
      regionName: node.regionName ?? node.regionId,
      internetScenes: node.scenes,
      privatelineScenes: other?.scenes ?? 0,
      batches: node.batches + (other?.batches ?? 0),
      scenes: node.scenes + (other?.scenes ?? 0),
      sizeMb: node.sizeMb + (other?.sizeMb ?? 0),
    };
  });
}

/** Both channels' totals added. */
export function grandTotal(internet: Distribution, privateline: Distribution) {
  return {
    batches: internet.total.batches + privateline.total.batches,
    scenes: internet.total.scenes + privateline.total.scenes,
    sizeMb: internet.total.sizeMb + privateline.total.sizeMb,
  };
}

/** The years the page offers: this Beijing year and the four before it, newest first. */
export function recentYears(thisYear: number): number[] {
  return Array.from({ length: 5 }, (_, i) => thisYear - i);
}
