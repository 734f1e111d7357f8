// State that belongs to one thing shown (a search's results, a batch and node): when the key
// changes, the state starts again from its initial value, without an effect to reset it.
import { useState } from 'react';

/** `[value, set]` for `key`; under another key the value is `initial` until set again. */
export function useKeyedState<T>(key: string, initial: T) {
  const [state, setState] = useState({ key, value: initial });
  const value = state.key === key ? state.value : initial;
  return [value, (next: T) => setState({ key, value: next })] as const;
}
