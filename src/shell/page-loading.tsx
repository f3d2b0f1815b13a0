/**
 * Placeholder while a page loads on demand — docs/product/routes-and-roles.md "Loading page...". A
 * CSS spinner in antd Spin's colours: Spin is not part of the first page (docs/performance.md "Delivery").
 */
export function PageLoading({ text = 'Loading page...' }: { text?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
