/**
 * What a list says above its table (docs/api-client.md "Errors the user sees"): while the client
 * retries a failed call, the catalogue's "Service temporarily unavailable. Retrying..."; once it gave
 * up, the error and a Retry button; and, when the address carried filters the API refused, a plain
 * sentence saying the list is shown without them; over sample rows (the API is down), "Mocked data". `emptyText` keeps "No products yet" for a list
 * that really is empty — never under an error or a retry.
 */
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../contract/constants';
import type { InvalidFilter } from '../../providers/api/refused-filters';
import { LoadError } from './list-error';

export interface ListStatusProps {
  /** "products" → "Could not load products". */
  what: string;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  retrying: boolean;
  refused?: InvalidFilter[];
  /** The rows are generated samples (the API is down). */
  mocked?: boolean;
  /** Human names of filter parameters, e.g. `{ tier: 'Tier' }`. */
  labels?: Record<string, string>;
}

function refusedSentence(refused: InvalidFilter[], what: string, labels: Record<string, string>): string {
  const names = refused.map((f) => `${labels[f.field] ?? f.field} “${f.value}”`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `The link asked for ${list}, which ${names.length === 1 ? 'is not a valid filter' : 'are not valid filters'}. Showing ${what} without ${names.length === 1 ? 'it' : 'them'}.`;
}

export function ListStatus({ what, query, retrying, refused = [], mocked = false, labels = {} }: ListStatusProps) {
  return (
    <>
      {mocked && (
        <Alert
          role="status"
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="Mocked data"
          description={`The service could not be reached, so the ${what} below are generated samples, not your data.`}
          action={<Button onClick={() => void query.refetch()}>Retry</Button>}
        />
      )}
      {refused.length > 0 && <Alert role="status" type="info" showIcon style={{ marginBottom: 16 }} message={refusedSentence(refused, what, labels)} />}
      {retrying && <Alert role="status" type="warning" showIcon style={{ marginBottom: 16 }} message={MESSAGES.retryable} />}
      {!retrying && query.isError && <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />}
    </>
  );
}

/** The table's empty text: the list's own words only when it loaded and is empty. */
export function emptyText(query: { isError: boolean; isFetching: boolean }, retrying: boolean, text: ReactNode): ReactNode {
  return query.isError || retrying || query.isFetching ? ' ' : text;
}
