/**
 * A page of one record (`/<resource>/:id`, `/<resource>/:id/edit`) whose id the API does not know —
 * docs/commerce-ui.md "Unknown ids and deleted records". `RecordGate` reads the record first
 * (`GET /<resource>/:id`, the query the page's own `useShow` / `useForm` then finds in the cache) and
 * shows the page only once it exists: a 404 shows `RecordNotFound` (a heading, a sentence, a link back
 * to the list) instead of the page, so an edit page never offers an empty form to save, and no toast
 * is raised — the page says it in place. Any other failure still shows the page, whose own error state
 * (resources/shared/list-error.tsx, with Retry) and Refine's toast say what went wrong.
 *
 * After the page deleted its own record (`useRecordGate().leave()`, products/delete-to-list-button.tsx)
 * the gate stops reading it and shows a loading state while the list opens, so the record is not read
 * again only to be "not found".
 */
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMeta, useNavigation, useOne, useResourceParams, type BaseKey, type HttpError } from '@refinedev/core';
import { Flex, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PageLoading } from '../../src/shell/page-loading';
import { PageTitle } from '../../src/shell/page-title';

/** The API answered 404: the record does not exist (or no longer does). */
export function isNotFound(err: unknown): boolean {
  const e = err as { status?: unknown; statusCode?: unknown } | null | undefined;
  return e != null && (e.statusCode === 404 || e.status === 404);
}

/** For `errorNotification` of a record read: no toast for a 404 (the page shows it), Refine's default for the rest. */
export const quietNotFound = (err?: HttpError): false | undefined => (isNotFound(err) ? false : undefined);

/** "products" → "Product", "purchase-orders" → "Purchase order". */
export function recordLabel(resource: string): string {
  const one = resource.replace(/[-_]/g, ' ').replace(/s$/, '');
  return one.charAt(0).toUpperCase() + one.slice(1);
}

export interface RecordNotFoundProps {
  /** The Refine resource whose list the link leads back to (`products` → its list route). */
  resource: string;
  /** The thing, capitalised and singular: "Product" (from the resource name when omitted). */
  label?: string;
}

/** The calm not-found state of a record page: "<Label> not found", why that may be, and the way back to the list. */
export function RecordNotFound({ resource, label = recordLabel(resource) }: RecordNotFoundProps) {
  const { listUrl } = useNavigation();
  const list = listUrl(resource) || `/${resource}`;
  const things = resource.replace(/[-_]/g, ' ');
  return (
    <Flex vertical align="flex-start" gap={4} className="record-not-found" data-testid="record-not-found" style={{ padding: '24px 0' }}>
      <PageTitle>{label} not found</PageTitle>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 12px' }}>
        There is no {label.toLowerCase()} at this address. It may have been deleted, or the link is wrong.
      </Typography.Paragraph>
      <Link to={list}>Back to {things}</Link>
    </Flex>
  );
}

interface GateControl {
  /** The page deleted its record and is going to the list: stop reading it. */
  leave: () => void;
}

const GateContext = createContext<GateControl | null>(null);

/** The enclosing record gate (null outside one). */
export function useRecordGate(): GateControl | null {
  return useContext(GateContext);
}

export interface RecordGateProps extends RecordNotFoundProps {
  /** The record's id; the route's `:id` when omitted. */
  id?: BaseKey;
  children: ReactNode;
}

export function RecordGate({ resource, label, id: idProp, children }: RecordGateProps) {
  const params = useParams();
  const id = idProp ?? params.id;
  const [leaving, setLeaving] = useState(false);
  const control = useMemo<GateControl>(() => ({ leave: () => setLeaving(true) }), []);
  // the meta Refine's `useShow` and `useForm` give the read, so the gate's query is theirs (one read, one cache entry)
  const { resource: item, identifier } = useResourceParams({ resource });
  const meta = useMeta()({ resource: item });
  const { query } = useOne({
    resource: identifier ?? resource,
    id: id ?? '',
    meta,
    queryOptions: { enabled: id !== undefined && !leaving },
    // the page's own hooks follow the live events; the gate only answers "does it exist"
    liveMode: 'off',
    errorNotification: false,
  });
  // once answered, the page stays while it reads again (its Retry, a refresh): a read after an error starts pending
  const answered = useRef(false);
  if (!query.isPending) answered.current = true;
  if (leaving) return <PageLoading text="Loading..." />;
  if (isNotFound(query.error)) return <RecordNotFound resource={resource} label={label} />;
  if (id !== undefined && query.isPending && !answered.current) return <PageLoading text="Loading..." />;
  return <GateContext.Provider value={control}>{children}</GateContext.Provider>;
}
