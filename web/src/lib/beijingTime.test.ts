import { describe, expect, it } from 'vitest';
import { beijingMinuteOf, beijingTime, beijingTimeOf, beijingYear } from './beijingTime';

describe('beijingTime', () => {
  it('shows unix seconds in UTC+8, whatever the zone of the machine', () => {
    expect(beijingTime(0)).toBe('1970-01-01 08:00:00');
    expect(beijingTime(1_772_323_509)).toBe('2026-03-01 08:05:09');
    // Midnight UTC is already the next morning in Beijing.
    expect(beijingTime(1_767_225_600)).toBe('2026-01-01 08:00:00');
  });
});

describe('beijingTimeOf', () => {
  it('shows an RFC 3339 instant of any zone in UTC+8, to the second', () => {
    expect(beijingTimeOf('2025-10-03T15:06:55+08:00')).toBe('2025-10-03 15:06:55');
    expect(beijingTimeOf('2025-10-03T16:00:00.700Z')).toBe('2025-10-04 00:00:00');
    expect(beijingTimeOf('later')).toBe('later');
  });
});

describe('beijingYear', () => {
  it('turns the year at Beijing midnight, eight hours before UTC does', () => {
    // 2025-12-31T16:00:00Z is 2026-01-01 00:00 in Beijing.
    expect(beijingYear(Date.UTC(2025, 11, 31, 16, 0, 0) / 1000)).toBe(2026);
    expect(beijingYear(Date.UTC(2025, 11, 31, 15, 59, 59) / 1000)).toBe(2025);
  });
});

describe('beijingMinuteOf', () => {
  it('shows an RFC 3339 instant in UTC+8, to the minute', () => {
    expect(beijingMinuteOf('2026-10-03T03:24:10Z')).toBe('2026-10-03 11:24');
    expect(beijingMinuteOf('2026-10-03T19:00:00Z')).toBe('2026-10-04 03:00');
    expect(beijingMinuteOf('later')).toBe('later');
  });
});
