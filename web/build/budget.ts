// The first page's JavaScript budget (issue 11): the build fails when /chinese/home needs
// more gzipped JavaScript than this before it is interactive.
//
// "Before interactive" here is every chunk the browser must run before the home page can
// be used: the entry script and its static imports (index.html loads or modulepreloads
// them), and the home route's lazily imported chunk with its static imports, which the
// router fetches at once on /home. Chunks that are only imported dynamically later (other
// pages, the login dialog, the map) are not counted. Sizes are gzip at level 9 (node:zlib),
// the budget is 160 KB in decimal kilobytes (160,000 bytes) as Vite's own report prints them.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Gzipped bytes the first page may load before it is interactive. The bar is 250 KB;
 * the home page needs ~137 KB since antd's providers left it (src/app/antdGate.ts), and this
 * tighter budget fails the build if they, or antd's components, come back onto it.
 */
export const FIRST_PAGE_BUDGET_BYTES = 160_000;

/** What the budget needs to know of one output chunk. */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  /** The module a lazily imported chunk stands for (absolute path), if any. */
  facadeModuleId: string | null;
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
  code: string;
}

/** One chunk of the first page with its gzipped size. */
export interface ChunkSize {
  fileName: string;
  gzipBytes: number;
}

/** The chunks loaded before /home is interactive: entries and the route chunk, with their static imports. */
export function firstPageChunks(chunks: readonly ChunkFacts[], routeModule: string): ChunkFacts[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(routeModule));
  if (!route) throw new Error(`no chunk stands for the first page's module ${routeModule}`);
  const seen = new Set<string>();
  const visit = (chunk: ChunkFacts) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  visit(route);
  return chunks.filter((chunk) => seen.has(chunk.fileName));
}

/** Gzipped sizes, largest first. */
export function gzipSizes(chunks: readonly ChunkFacts[]): ChunkSize[] {
  return chunks
    .map((chunk) => ({
      fileName: chunk.fileName,
      gzipBytes: gzipSync(chunk.code, { level: 9 }).length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** The table the build prints: bytes per chunk, then the total against the budget. */
export function budgetReport(sizes: readonly ChunkSize[], budget: number): string {
  const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  const width = Math.max(...sizes.map((size) => size.fileName.length), 5);
  const line = (name: string, bytes: number) =>
    `  ${name.padEnd(width)}  ${bytes.toLocaleString('en-US').padStart(9)} B`;
  return [
    'first page (/chinese/home) JavaScript before interactive, gzip -9:',
    ...sizes.map((size) => line(size.fileName, size.gzipBytes)),
    line('total', total),
    `  budget ${budget.toLocaleString('en-US')} B: ${total <= budget ? 'within' : 'OVER'}`,
  ].join('\n');
}

/** Prints the first page's chunk sizes after a build and fails it over the budget. */
export function firstPageBudget(routeModule: string, budget = FIRST_PAGE_BUDGET_BYTES): Plugin {
  return {
    name: 'rscloud-first-page-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkFacts[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [output] : [],
      );
      const sizes = gzipSizes(firstPageChunks(chunks, routeModule));
      this.info(`\n${budgetReport(sizes, budget)}`);
      const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
      if (total > budget) {
        this.error(
          `the first page needs ${total} B of gzipped JavaScript, over the budget of ${budget} B`,
        );
      }
    },
  };
}
