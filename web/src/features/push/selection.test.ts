import { describe, expect, it } from 'vitest';
import type { NodePart } from './api/types';
import { chosenNode, readSelection, selectionParams } from './selection';

const node = (nodeId: number, sceneCount: number): NodePart => ({
  nodeId,
  nodeName: `节点${nodeId}`,
  regionId: '420000',
  regionName: '湖北省',
  sceneCount,
  sizeMb: sceneCount * 10,
});

describe('the selection of 影像推送', () => {
  it('reads a batch and a node from the address, and nothing else as one', () => {
    expect(readSelection(new URLSearchParams('batch=12&node=3'))).toEqual({ batch: 12, node: 3 });
    expect(readSelection(new URLSearchParams('batch=12'))).toEqual({ batch: 12, node: null });
    for (const bad of ['0', '-1', '1.5', 'x', '', '12345678901234567890'])
      expect(readSelection(new URLSearchParams({ batch: bad })).batch, bad).toBeNull();
  });

  it('writes it back, never a node without its batch', () => {
    expect(selectionParams({ batch: 12, node: 3 }).toString()).toBe('batch=12&node=3');
    expect(selectionParams({ batch: 12, node: null }).toString()).toBe('batch=12');
    expect(selectionParams({ batch: null, node: 3 }).toString()).toBe('');
  });

  it('opens the node asked for, else the first that received scenes, else the first', () => {
    const nodes = [node(1, 0), node(2, 5), node(3, 7)];
    expect(chosenNode(nodes, 3)?.nodeId).toBe(3);
    expect(chosenNode(nodes, 99)?.nodeId).toBe(2);
    expect(chosenNode(nodes, null)?.nodeId).toBe(2);
    expect(chosenNode([node(1, 0)], null)?.nodeId).toBe(1);
    expect(chosenNode([], null)).toBeUndefined();
  });
});
