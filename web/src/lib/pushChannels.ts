// How a push batch travels to the province nodes (issue 18), in the words people read: the
// manager's push dialog offers them, the push pages show them.
import type { components } from '../api/schema';

export type PushChannel = components['schemas']['PushChannel'];

/** The channels, as the dialog offers them. */
export const PUSH_CHANNELS: readonly { value: PushChannel; label: string }[] = [
  { value: 'internet', label: '互联网' },
  { value: 'privateline', label: '专线' },
];

/** 互联网 or 专线. */
export function channelLabel(channel: PushChannel): string {
  return PUSH_CHANNELS.find((option) => option.value === channel)?.label ?? channel;
}
