import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText', () => {
  it('starts with a byte-order mark and ends rows with CRLF', () => {
    expect(csvText(['国家', '卫星数'], [['中国', 58]])).toBe('\uFEFF国家,卫星数\r\n中国,58\r\n');
  });

  it('quotes commas, quotes and line breaks, and leaves nulls empty', () => {
    expect(csvText(['a', 'b', 'c'], [['x,y', 'say "hi"', null]])).toBe(
      '\uFEFFa,b,c\r\n"x,y","say ""hi""",\r\n',
    );
  });
});
