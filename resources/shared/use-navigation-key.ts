/**
 * A key that changes when the user arrives at the URL from elsewhere (a link, the palette, Back or
 * Forward) and stays when a table rewrites its own state in place (a `replace`). Refine's `useTable`
 * reads the URL once, when it mounts; a list keyed with this reads it again after every arrival, so
 * `/orders?status=shipped` from the palette works while the orders list is open.
 */
import { useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

export function useNavigationKey(): string {
  const { key } = useLocation();
  const type = useNavigationType();
  const current = useRef(key);
  if (type !== 'REPLACE') current.current = key;
  return current.current;
}
