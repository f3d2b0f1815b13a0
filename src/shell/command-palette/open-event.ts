/** The window event that opens the command palette (the top bar's search button sends it). */
export const OPEN_PALETTE_EVENT = 'command-palette:open';

/** True for Ctrl+K / Cmd+K, the palette's shortcut. */
export const isPaletteShortcut = (e: KeyboardEvent): boolean => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
