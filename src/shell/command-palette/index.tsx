/**
 * Command palette of the shell — docs/product/shell.md. The palette (antd's Modal and Input, the
 * lookups) is not part of the first page: this component only listens for Ctrl+K / Cmd+K and the
 * top bar's search button, and loads the palette on the first of them, opened
 * (docs/performance.md "Delivery"). From then on the palette handles both itself.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { isPaletteShortcut, OPEN_PALETTE_EVENT } from './open-event';

const PaletteHost = lazy(() => import('./palette-host'));

/** The entries and their targets come from the page registry (`useRegistry`, read by palette-host.tsx). */
export function CommandPalette() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      setWanted(true);
    };
    const onOpen = () => setWanted(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_PALETTE_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_PALETTE_EVENT, onOpen);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PaletteHost initiallyOpen />
    </Suspense>
  );
}

/** Opens the palette from anywhere (e.g. a search button in the top bar). */
export function openCommandPalette(): void {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}
