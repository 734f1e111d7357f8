// What the address of 影像推送 selects (`?batch=ID&node=ID`, so that a link opens a batch), the
// node a batch opens on (pure; tested in selection.test.ts).
import type { NodePart } from './api/types';

/** A batch and one of its nodes, each null when the address names none. */
export interface Selection {
  batch: number | null;
  node: number | null;
}

function id(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  return Number(value);
}

/** The selection of an address's query; anything but a positive whole number is none. */
export function readSelection(params: URLSearchParams): Selection {
  return { batch: id(params.get('batch')), node: id(params.get('node')) };
}

/** The query of a selection: no node without a batch. */
export function selectionParams({ batch, node }: Selection): URLSearchParams {
  const params = new URLSearchParams();
  if (batch !== null) {
    params.set('batch', String(batch));
    if (node !== null) params.set('node', String(node));
  }
  return params;
}

/**
 * The node a batch shows: the one asked for when the batch has it, else the first that
 * received scenes, else the first; undefined for a batch without nodes.
 */
export function chosenNode(
  nodes: readonly NodePart[],
  wanted: number | null,
): NodePart | undefined {
  return (
    nodes.find((node) => node.nodeId === wanted) ??
    nodes.find((node) => node.sceneCount > 0) ??
    nodes[0]
  );
}
