// The spinner of a page or route that is loading, drawn by CSS: the first page's JavaScript
// budget has no room for antd's Spin, and the shell shows this before any page.
import './Spinner.css';

/** A large spinner; `delayed` shows it only after 300 ms, so quick waits do not flash it. */
export function Spinner({ delayed = false }: { delayed?: boolean }) {
  return (
    <span
      className={delayed ? 'spinner spinner--delayed' : 'spinner'}
      role="status"
      aria-label="加载中"
    />
  );
}
