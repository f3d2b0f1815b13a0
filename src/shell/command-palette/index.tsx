/** Command palette (spec §2.5) — placeholder so the shell can render it; the palette itself is built separately. */
export function CommandPalette() {
  return null;
}
