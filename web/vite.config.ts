/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstPageBudget } from './build/budget.ts';

// In development the Rust server (`rscloud serve`, default port 8080) answers the API,
// map-service and STAC requests; the SPA itself is served by Vite.
const server = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/chinese/',
  plugins: [react(), firstPageBudget('src/features/home/HomePage.tsx')],
  build: {
    rolldownOptions: {
      // antd's shared context modules import @rc-component/form for its FormProvider; the
      // package declares no `sideEffects`, so without this every page (the first one too)
      // would carry the whole form engine. Its modules only define components and hooks.
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Libraries in named chunks of their own: they change less often than the app,
        // so browsers keep them cached across releases. antd has no group: each page gets
        // the components it uses, and the first page stays light (build/budget.ts).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              // Only the map chunk (src/components/map/engine.ts) loads it.
              name: 'maplibre',
              test: /node_modules[\\/](maplibre-gl|terra-draw|terra-draw-maplibre-gl-adapter)[\\/]/,
            },
            {
              // Only the monitoring page's TREND charts (src/features/monitor/TrendCharts.tsx) load it.
              name: 'echarts',
              test: /node_modules[\\/](echarts|zrender)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/ows': server,
      '/stac': server,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // A hang guard, not a speed check: a loaded 2-core CI machine runs these slowly.
    testTimeout: 20_000,
  },
});
