/**
 * The visitor's "reduce motion" setting (docs/shell.md, accessibility): when it is on, antd's opening and
 * closing animations are switched off, so a dialog or drawer is there at once and its buttons stay put.
 */
import { useMediaQuery } from './use-media-query';

export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
