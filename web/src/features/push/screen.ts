// The push screen's figures: the nodes as map points, the order of the list and the totals.
import type { FeatureCollection, Point } from 'geojson';
import type { ScreenNode } from './api/getScreenNodes';

/** Whether a node has received anything at all. */
export function received(node: ScreenNode): boolean {
  return node.images.scenes > 0 || node.spots.pushed > 0;
}

/** The nodes that have a place on the map, as points with `id` and `received` (1 or 0). */
export function nodePoints(nodes: readonly ScreenNode[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: nodes.flatMap((node) =>
      node.position
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [...node.position] },
              properties: { id: String(node.nodeId), received: received(node) ? 1 : 0 },
            },
          ]
        : [],
    ),
  };
}

/** The list's order: the nodes that received something first, the latest sending first. */
export function screenOrder(nodes: readonly ScreenNode[]): ScreenNode[] {
  const last = (node: ScreenNode) =>
    [node.latestImages?.sentAt ?? '', node.latestSpots?.sentAt ?? ''].sort().at(-1) ?? '';
  return [...nodes].sort(
    (a, b) =>
      Number(received(b)) - Number(received(a)) ||
      last(b).localeCompare(last(a)) ||
      a.regionId.localeCompare(b.regionId),
  );
}

/** What every node shown received, added up. */
export function screenTotals(nodes: readonly ScreenNode[]) {
  return nodes.reduce(
    (sum, node) => ({
      nodes: sum.nodes + 1,
      reached: sum.reached + Number(received(node)),
      scenes: sum.scenes + node.images.scenes,
      sizeMb: sum.sizeMb + node.images.sizeMb,
      spots: sum.spots + node.spots.pushed,
      approved: sum.approved + node.spots.states.approved,
    }),
    { nodes: 0, reached: 0, scenes: 0, sizeMb: 0, spots: 0, approved: 0 },
  );
}
