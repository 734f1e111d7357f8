// Keeps antd off the first page (the phone's first render paid ~80 KB and its style work for
// providers the home page does not use): antd's providers (antd.tsx) are loaded the first time
// something drawn with antd is wanted, and the shell's toasts wait for them.
import type { ComponentType, ReactNode } from 'react';
import { create } from 'zustand';
import { loadChunk } from './chunks';

type Providers = ComponentType<{ children: ReactNode }>;

/** antd's providers once loaded (null before): the layout renders below the header in them. */
export const useAntdScope = create<{ Providers: Providers | null }>()(() => ({ Providers: null }));

let loading: Promise<void> | undefined;

/** Loads antd's providers once (again after a failed try); settles when they are in place. */
export function openAntdScope(): Promise<void> {
  loading ??= loadChunk(() => import('./antd')).then(
    (module) => useAntdScope.setState({ Providers: module.AntdProviders }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export type ToastKind = 'warning' | 'error';
type ToastSink = (kind: ToastKind, text: string) => void;

let sink: ToastSink | undefined;
const waiting: [ToastKind, string][] = [];

/** A toast from the shell (API client, header, guard): shown at once, or once antd is there. */
export function shellToast(kind: ToastKind, text: string): void {
  if (sink) {
    sink(kind, text);
    return;
  }
  waiting.push([kind, text]);
  // A failed load keeps the toasts; the next page that needs antd tries again.
  openAntdScope().catch(() => undefined);
}

/** antd's App shows the shell's toasts from now on, those waiting first; returns the disconnect. */
export function connectShellToasts(next: ToastSink): () => void {
  sink = next;
  for (const [kind, text] of waiting.splice(0)) next(kind, text);
  return () => {
    if (sink === next) sink = undefined;
  };
}
