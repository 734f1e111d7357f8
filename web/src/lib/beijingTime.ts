// Times as people in China read them: Beijing time (UTC+8), whatever the browser's zone.
const formatter = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** '2026-03-01 08:05:09' for a moment given as unix seconds. */
export function beijingTime(unixSeconds: number): string {
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(unixSeconds * 1000)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** '2025-10-03 15:06:55' for an RFC 3339 instant in any zone; the text itself when it is none. */
export function beijingTimeOf(instant: string): string {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? instant : beijingTime(Math.floor(time / 1000));
}

/** The Beijing calendar year of a moment (default now). */
export function beijingYear(unixSeconds = Date.now() / 1000): number {
  return Number(beijingTime(Math.floor(unixSeconds)).slice(0, 4));
}

/** '2026-10-03 11:24' for an RFC 3339 instant in any zone; the text itself when it is none. */
export function beijingMinuteOf(instant: string): string {
  return Number.isNaN(Date.parse(instant)) ? instant : beijingTimeOf(instant).slice(0, 16);
}
