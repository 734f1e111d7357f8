import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// A hang guard like the test timeout: a lazily loaded page's first import (antd and all) can
// take seconds on a loaded 2-core machine, longer than findBy's default second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks matchMedia, which antd's responsive helpers call.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom does not scroll. Current Chrome's scroll methods return a promise, and so does this
// stand-in: an effect that returns one (and so breaks React's clean-up) fails here as well.
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => Promise.resolve() });

// jsdom implements getComputedStyle without pseudo-elements and logs when antd asks for one.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => computedStyle(element);

// jsdom lacks ResizeObserver, which antd's Tabs use to measure their bar; nothing resizes here.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoResizeObserver });
