// SEQUENCE where the map was: five small maps side by side, one per batch (oldest left), each
// with the theme's spots of its batch and the batch's name over it, moving together; below
// them, the batches' counts and areas.
import { useMemo, useRef } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { MapView } from '../../components/map/MapView';
import type { Bbox, MapLayer, MapViewHandle } from '../../components/map/types';
import type { Batch } from './api/types';
import { PaneState } from './PaneState';
import { ViewSync } from './sequence';
import { BatchTable } from './TrendPanel';
import type { TrendRow } from './trend';

export interface SequenceViewProps {
  /** The page's batches, oldest first; undefined while the theme's batches load. */
  batches: readonly Batch[] | undefined;
  /** The layers of one batch's map. */
  layersOf: (batch: string) => MapLayer[];
  extent: Bbox | null;
  /** The batches' numbers; undefined until they arrive. */
  rows: readonly TrendRow[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onBatch: (batch: string) => void;
}

export function SequenceView({
  batches,
  layersOf,
  extent,
  rows,
  loading,
  error,
  onRetry,
  onBatch,
}: SequenceViewProps) {
  const maps = useRef<(MapViewHandle | null)[]>([]);
  const count = batches?.length ?? 0;
  const sync = useMemo(() => new ViewSync(count), [count]);
  if (!batches) return <PaneState kind="loading" testId="sequence-loading" />;
  if (batches.length === 0) return <PaneState kind="empty" testId="sequence-empty" />;
  return (
    <div className="monitor-sequence" data-testid="sequence-view">
      <div className="monitor-sequence__maps">
        {batches.map((batch, index) => (
          <div className="monitor-sequence__map" key={batch.id}>
            <MapView
              ref={(handle) => {
                maps.current[index] = handle;
              }}
              extent={extent}
              layers={layersOf(batch.id)}
              showScale={false}
              showCoordinates={false}
              onViewChange={({ center, zoom }) =>
                sync
                  .moved(index, { center, zoom })
                  .forEach((other) => maps.current[other]?.jumpTo({ center, zoom }))
              }
              data-testid="sequence-map"
            >
              <div className="monitor-sequence__name" data-testid="sequence-batch">
                {batch.typeName}
              </div>
            </MapView>
          </div>
        ))}
      </div>
      {error && !rows ? (
        <LoadFailed title="各批次统计加载失败" onRetry={onRetry} testId="sequence-error" />
      ) : (
        <BatchTable
          rows={rows ?? []}
          loading={loading || !rows}
          onBatch={onBatch}
          testId="sequence-table"
        />
      )}
    </div>
  );
}
