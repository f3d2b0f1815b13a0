/** Placeholder while a page loads on demand — spec §2.1 "Loading page...". */
import { Spin } from 'antd';

export function PageLoading({ text = 'Loading page...' }: { text?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin />
      <span>{text}</span>
    </div>
  );
}
