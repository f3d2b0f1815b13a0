/**
 * Debounced palette search — docs/product/shell.md "Command palette", docs/product/data.md "Validation" (palette search is
 * debounced by 300 ms), docs/product/constants.md (palette). The lookups run
 * 300 ms after the last keystroke; an answer for text the user has since changed is dropped (its
 * request aborted), so the groups always belong to the text in the box.
 */
import { useEffect, useState } from 'react';
import { PALETTE } from '../../../contract/constants';
import type { PaletteLookup, PaletteResults } from './lookup';

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; text: string }
  | { status: 'error'; text: string }
  | { status: 'done'; text: string; results: PaletteResults };

export function usePaletteSearch(text: string, lookup: PaletteLookup): SearchState {
  const query = text.trim();
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    // "Searching..." from the first keystroke: the groups on screen belong to older text
    setState({ status: 'searching', text: query });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookup(query, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setState({ status: 'done', text: query, results });
        },
        () => {
          if (!controller.signal.aborted) setState({ status: 'error', text: query });
        },
      );
    }, PALETTE.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, lookup]);

  return state;
}
