/** Feature flags — docs/product/data.md, docs/product/shell.md, docs/product/api-calls.md. */
export { FlagsProvider, useFlags, useFlagValues, type FlagsContextValue, type FlagsProviderProps } from './flags-provider';
export { mergeFlags, type Flags } from './merge-flags';
