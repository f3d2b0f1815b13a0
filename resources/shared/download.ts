/** Saves a Blob under a file name through a temporary object URL (the browser's own download). */
import dayjs from 'dayjs';

/** `products` → `products-2025-06-01.csv` (docs/commerce.md export file names). */
export function datedCsvName(stem: string, now: Date = new Date()): string {
  return `${stem}-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked on the next tick: revoking at once can cancel the download in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
