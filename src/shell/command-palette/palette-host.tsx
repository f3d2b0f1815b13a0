/**
 * The palette wired to the console: Refine's data provider (the three list lookups), localStorage (recent
 * items), the page registry's palette declarations and the access decision over it (an entry is
 * offered only when its page would open). Loaded on demand by index.tsx; the view itself is palette.tsx.
 */
import { useMemo } from 'react';
import { useDataProvider } from '@refinedev/core';
import { useRegistry } from '../../lib/registry-context';
import { useCanOpen } from '../use-access';
import { useFlaggedModules } from '../flag-gate';
import { paletteCommands } from './commands';
import { createLookup } from './lookup';
import { CommandPaletteView } from './palette';

export default function PaletteHost({ initiallyOpen }: { initiallyOpen: boolean }) {
  const modules = useFlaggedModules(useRegistry().modules);
  const commands = useMemo(() => paletteCommands(modules), [modules]);
  const canOpen = useCanOpen();
  const dataProvider = useDataProvider();
  const lookup = useMemo(() => createLookup(dataProvider()), [dataProvider]);
  return <CommandPaletteView commands={commands} lookup={lookup} storage={window.localStorage} canOpen={canOpen} initiallyOpen={initiallyOpen} />;
}
