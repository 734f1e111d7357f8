// The login dialog's open state and the work waiting for a login (spec §4 "queued login
// callbacks"). Anything may ask for a login: the navigation guard (it queues opening the
// remembered route), the header's login button, a map module whose detail view needs one.
import { create } from 'zustand';

export const useLoginPrompt = create<{ open: boolean }>()(() => ({ open: false }));

/** Callbacks for the next successful login, in the order they were queued. */
let queued: (() => void)[] = [];

export function openLogin(): void {
  useLoginPrompt.setState({ open: true });
}

/** Runs `callback` after the next successful login (not now, even when logged in). */
export function whenLoggedIn(callback: () => void): void {
  queued.push(callback);
}

/** The visitor gave up on logging in: the work that waited for it is dropped too. */
export function dismissLogin(): void {
  queued = [];
  useLoginPrompt.setState({ open: false });
}

/** Closes the dialog and runs the queued callbacks (each once). */
export function loginSucceeded(): void {
  const callbacks = queued;
  queued = [];
  useLoginPrompt.setState({ open: false });
  for (const callback of callbacks) callback();
}
