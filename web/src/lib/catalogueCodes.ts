// The satellite catalogue's codes and their Chinese names (spec §3, §9), for the image query's
// filters and the satellite pages alike.

export interface Code {
  value: number;
  label: string;
}

/** `properties`: where a satellite comes from. */
export const ORIGINS: readonly Code[] = [
  { value: 1, label: '国产' },
  { value: 2, label: '国外' },
  { value: 3, label: '其他' },
];

/** Resolution classes of the catalogue (spec §9: 1 to 4). */
export const RESOLUTION_CLASSES: readonly Code[] = [
  { value: 1, label: '≤1米' },
  { value: 2, label: '1–4米' },
  { value: 3, label: '4–16米' },
  { value: 4, label: '>16米' },
];

/** `type`: the kind of a satellite's primary payload, or of a sensor. */
export const PAYLOAD_KINDS: readonly Code[] = [
  { value: 1, label: '光学' },
  { value: 2, label: '高光谱' },
  { value: 3, label: '雷达' },
  { value: 4, label: '激光' },
  { value: 5, label: '重力' },
];

/** The name of a code in a list; the number itself for one outside it. */
export function codeLabel(codes: readonly Code[], value: number): string {
  return codes.find((code) => code.value === value)?.label ?? String(value);
}
