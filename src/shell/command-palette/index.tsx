/**
 * Command palette of the shell — spec §2.5. Wires the palette to the console's API client (the three
 * list lookups) and to localStorage (recent items). The view itself is palette.tsx.
 */
import { apiClient } from '../../../providers/app-client';
import { createLookup } from './lookup';
import { CommandPaletteView, OPEN_PALETTE_EVENT } from './palette';

const lookup = createLookup(apiClient);

export function CommandPalette() {
  return <CommandPaletteView lookup={lookup} storage={window.localStorage} />;
}

/** Opens the palette from anywhere (e.g. a search button in the top bar). */
export function openCommandPalette(): void {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}
