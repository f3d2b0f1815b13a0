/** Feature flags — spec §3, §4, §7.2. */
export { FlagsProvider, useFlags, type FlagsContextValue, type FlagsProviderProps } from './flags-provider';
export { mergeFlags, type Flags } from './merge-flags';
