import { Timeline, Typography } from 'antd';
import type { HistoryEntry } from '../../api/getRecordDetail';
import { formatTime } from './format';

/** Every transition of a record, oldest first: when, to which status, by whom, and why. */
export function HistoryTimeline({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <Timeline
      data-testid="record-history"
      items={history.map((entry, index) => ({
        key: index,
        color: entry.note ? 'red' : index === history.length - 1 ? 'green' : 'blue',
        title: formatTime(entry.at),
        content: (
          <div data-testid="history-entry">
            <b>{entry.label}</b>
            <Typography.Text type="secondary"> · {entry.actor}</Typography.Text>
            {entry.note && <div>原因：{entry.note}</div>}
          </div>
        ),
      }))}
    />
  );
}
