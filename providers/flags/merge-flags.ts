/** Feature flags — docs/product/data.md: the defaults, with the server's boolean values merged over them. */
import { DEFAULT_FLAGS, type FlagName } from '../../contract/constants';

export type Flags = Record<FlagName, boolean> & Record<string, boolean>;

/** Only boolean entries count: the answer's `_meta` block and anything malformed are ignored. */
export function mergeFlags(server: unknown): Flags {
  const merged: Record<string, boolean> = { ...DEFAULT_FLAGS };
  if (typeof server === 'object' && server !== null) {
    for (const [name, value] of Object.entries(server)) {
      if (typeof value === 'boolean') merged[name] = value;
    }
  }
  return merged as Flags;
}
