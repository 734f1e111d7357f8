import { Tag } from 'antd';
import type { RecordKind } from '../../api/getRecordDetail';
import { statusColour } from './format';

/** The status of an order or a data request, coloured by what it means. */
export function StatusTag({
  kind,
  status,
  label,
}: {
  kind: RecordKind;
  status: number;
  label: string;
}) {
  return (
    <Tag color={statusColour(kind, status)} data-testid="record-status" data-status={status}>
      {label}
    </Tag>
  );
}
