/**
 * The palette wired to the console: Refine's data provider (the three list lookups), localStorage (recent
 * items) and the access decision over the page registry (an entry is offered only when its page
 * would open). Loaded on demand by index.tsx; the view itself is palette.tsx.
 */
import { useMemo } from 'react';
import { useDataProvider } from '@refinedev/core';
import type { PageModule } from '../../lib/registry';
import { useCanOpen } from '../use-access';
import { createLookup } from './lookup';
import { CommandPaletteView } from './palette';

export default function PaletteHost({ modules, initiallyOpen }: { modules: readonly PageModule[]; initiallyOpen: boolean }) {
  const canOpen = useCanOpen(modules);
  const dataProvider = useDataProvider();
  const lookup = useMemo(() => createLookup(dataProvider()), [dataProvider]);
  return <CommandPaletteView lookup={lookup} storage={window.localStorage} canOpen={canOpen} initiallyOpen={initiallyOpen} />;
}
