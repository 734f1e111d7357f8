import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { APP_START_VISIT, countVisit } from './api/countVisit';
import { installPreloadErrorHook } from './app/chunks';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { applyViewport } from './app/viewport';

applyViewport(document, window.screen.width);
installPreloadErrorHook(window);
// Spec §4: every app start counts a visit to ALL; a lost count is not worth a word.
countVisit(APP_START_VISIT).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition lets React render the first screen in slices between which the browser can
// paint and answer input, instead of one long task (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
