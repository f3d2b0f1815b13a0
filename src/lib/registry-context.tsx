/**
 * The page registry as the shell's components and the pages read it (docs/shell.md): the module list
 * and the one access decision over it, given once by the composition root (src/App.tsx, the only
 * importer of resources/index.ts) through `<RegistryProvider>` and read with `useRegistry()`. The
 * side navigation, the palette, the guard's Access Denied text and the slot pages (dashboard cards,
 * settings sections, agents) all read this one list.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { accessControlFor, type AccessControl } from '../../providers/access-control';
import type { PageModule } from './registry';

export interface Registry {
  readonly modules: readonly PageModule[];
  /** The access decision over the modules' permission mappings (providers/access-control.ts). */
  readonly access: AccessControl;
}

const built = new WeakMap<readonly PageModule[], Registry>();

/** The registry of a module list (one per list: the access table is built once). */
export function registryOf(modules: readonly PageModule[]): Registry {
  let r = built.get(modules);
  if (!r) built.set(modules, (r = { modules, access: accessControlFor(modules) }));
  return r;
}

const RegistryContext = createContext<Registry | null>(null);

export function RegistryProvider({ modules, children }: { modules: readonly PageModule[]; children: ReactNode }) {
  const registry = useMemo(() => registryOf(modules), [modules]);
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry needs a <RegistryProvider> (src/App.tsx gives it)');
  return registry;
}
