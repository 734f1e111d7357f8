import { describe, expect, it } from 'vitest';
import { formatCloud, formatSize, formatTime, statusColour } from './format';

describe('writing orders for people', () => {
  it('writes unix seconds as Beijing time to the minute', () => {
    // 2026-11-26T01:30:59Z is 09:30 in Beijing.
    expect(formatTime(Date.UTC(2026, 10, 26, 1, 30, 59) / 1000)).toBe('2026-11-26 09:30');
    // After 16:00 UTC it is the next day in Beijing.
    expect(formatTime(Date.UTC(2026, 10, 26, 16, 5) / 1000)).toBe('2026-11-27 00:05');
    expect(formatTime(null)).toBe('—');
  });

  it('writes sizes in MB, and GB from 1024 MB', () => {
    expect(formatSize(850.54)).toBe('850.5 MB');
    expect(formatSize(1280)).toBe('1.25 GB');
    expect(formatSize(undefined)).toBe('—');
  });

  it('writes cloud cover with one decimal', () => {
    expect(formatCloud(12.345)).toBe('12.3%');
    expect(formatCloud(5)).toBe('5%');
  });

  it('colours statuses: done green, refused red, unknown default', () => {
    expect(statusColour('order', 3)).toBe('green');
    expect(statusColour('order', 4)).toBe('red');
    expect(statusColour('request', 2)).toBe('green');
    expect(statusColour('request', 3)).toBe('red');
    expect(statusColour('order', 42)).toBe('default');
  });
});
