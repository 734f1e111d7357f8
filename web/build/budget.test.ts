import { describe, expect, it } from 'vitest';
import { budgetReport, firstPageChunks, gzipSizes, type ChunkFacts } from './budget';

function chunk(fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts {
  return { fileName, isEntry: false, facadeModuleId: null, imports: [], code: fileName, ...facts };
}

// entry -> react, shared; home (lazy) -> shared, icons; login (lazy) -> form.
const chunks = [
  chunk('index.js', { isEntry: true, imports: ['react.js', 'shared.js'] }),
  chunk('react.js'),
  chunk('shared.js'),
  chunk('HomePage.js', {
    facadeModuleId: '/w/src/features/home/HomePage.tsx',
    imports: ['shared.js', 'icons.js'],
  }),
  chunk('icons.js'),
  chunk('LoginDialog.js', {
    facadeModuleId: '/w/src/features/auth/LoginDialog.tsx',
    imports: ['form.js'],
  }),
  chunk('form.js'),
];

describe('the first page budget', () => {
  it('counts the entry and the home route with their static imports, not other lazy chunks', () => {
    const names = firstPageChunks(chunks, 'src/features/home/HomePage.tsx').map((c) => c.fileName);
    expect(names.sort()).toEqual(['HomePage.js', 'icons.js', 'index.js', 'react.js', 'shared.js']);
  });

  it('refuses a route module that no chunk stands for (a renamed page must not pass unmeasured)', () => {
    expect(() => firstPageChunks(chunks, 'src/features/home/Gone.tsx')).toThrow(/Gone\.tsx/);
  });

  it('measures gzip bytes, largest first, and says whether the total is within the budget', () => {
    const sizes = gzipSizes([
      chunk('a.js', { code: 'x'.repeat(10) }),
      chunk('b.js', {
        code: Array.from({ length: 500 }, (_, i) => ((i * 7919) % 997).toString(36)).join(''),
      }),
    ]);
    expect(sizes.map((size) => size.fileName)).toEqual(['b.js', 'a.js']);
    expect(sizes[1]?.gzipBytes).toBeLessThan(40);
    const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
    expect(budgetReport(sizes, total)).toMatch(/within/);
    expect(budgetReport(sizes, total - 1)).toMatch(/OVER/);
  });
});
