/**
 * The ledger's API (docs/ledger.md "API"; access `read:capital`): the chart with each account's
 * balance, summed from the postings (never a counter beside them), and the journal, newest first in
 * keyset pages, each entry with its postings and the business object it came from.
 */
import { defineModule, type ApiModule } from '../module';
import { list, meta } from '../kit';
import { listAnswer } from '../../../contract/api';
import {
  LEDGER_CHART, ledgerAccountRow, ledgerEntriesQuery, ledgerEntryRow, ledgerPermissions,
  type AccountType, type EntryKind, type LedgerAccountRow, type LedgerEntryRow, type ObjectType,
} from '../../../contract/ledger';
import { DEFAULT_CURRENCY } from '../../../contract/money';
import { decodeCursor, encodeCursor, type CursorSort } from '../list-kit/cursor';
import { iso } from '../wire';
import { payablesRunMs, startPayablesRun } from '../../ledger/payables';

const ENTRY_SORT: CursorSort = { columns: ['e.occurred_at', 'e.id'], types: ['timestamptz', 'uuid'] };
const ENTRIES_FROM = 'ledger_entries';

interface EntryRow {
  id: string; occurred_at: string | Date; at_key: string; kind: EntryKind; description: string; object_type: ObjectType; object_id: string;
  event_seq: string | number | null; reverses_id: string | null; postings: { account: string; amount_cents: number | string; currency: string }[] | string;
}

const ledger: ApiModule = (api) => {
  // the weekly payment of the suppliers and carriers (docs/ledger.md "Paying suppliers and carriers")
  let stopPayables: (() => Promise<void>) | null = null;
  api.app.addHook('onReady', async () => {
    stopPayables = startPayablesRun(api.services.db, payablesRunMs(), (err) => api.app.log.warn({ err }, 'payables run failed'));
  });
  api.app.addHook('onClose', async () => stopPayables?.());

  api.route({
    method: 'GET',
    url: '/ledger/accounts',
    access: ledgerPermissions.ledger.read,
    answer: listAnswer(ledgerAccountRow),
    async handler({ tx, auth }) {
      const [accounts, sums] = await Promise.all([
        tx.query<{ code: string; type: AccountType; name: string }>('select code, type, name from ledger_accounts where tenant_id = $1', [auth.tenantId]),
        tx.query<{ account: string; currency: string; balance: string | number }>(
          'select account, currency, sum(amount_cents)::int8 as balance from ledger_postings where tenant_id = $1 group by account, currency order by account, currency',
          [auth.tenantId],
        ),
      ]);
      // the chart's accounts first, in its order, then any other account the tenant's books hold
      const byCode = new Map<string, LedgerAccountRow>();
      for (const a of [...LEDGER_CHART, ...accounts.rows]) {
        if (!byCode.has(a.code)) byCode.set(a.code, { code: a.code, name: a.name, type: a.type, balance_cents: 0, balances: [] });
      }
      for (const s of sums.rows) {
        const row = byCode.get(s.account)!;
        const cents = Number(s.balance);
        row.balances.push({ currency: s.currency, balance_cents: cents });
        if (s.currency === DEFAULT_CURRENCY) row.balance_cents = cents;
      }
      const rows = [...byCode.values()];
      return list(rows, rows.length, rows.length, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/ledger/entries',
    access: ledgerPermissions.ledger.read,
    answer: listAnswer(ledgerEntryRow),
    query: ledgerEntriesQuery,
    async handler({ tx, auth, query }) {
      const where = ['e.tenant_id = $1'];
      const params: unknown[] = [auth.tenantId];
      const add = (sql: (n: string) => string, v: unknown) => {
        params.push(v);
        where.push(sql(`$${params.length}`));
      };
      if (query.account) add((n) => `exists (select 1 from ledger_postings p where p.tenant_id = e.tenant_id and p.entry_id = e.id and p.account = ${n})`, query.account);
      if (query.from) add((n) => `e.occurred_at >= ${n}::timestamptz`, query.from);
      if (query.to) add((n) => `e.occurred_at < ${n}::timestamptz`, query.to);
      const filtered = [...where];
      const filteredParams = [...params];
      if (query.cursor) {
        const [at, id] = decodeCursor(ENTRIES_FROM, ENTRY_SORT, query.cursor);
        params.push(at, id);
        where.push(`(e.occurred_at, e.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
      }
      const [page, count] = await Promise.all([
        tx.query<EntryRow>(
          `select e.id::text as id, e.occurred_at, to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
                  e.kind, e.description, e.object_type, e.object_id, e.event_seq, e.reverses_id::text as reverses_id,
                  (select json_agg(json_build_object('account', p.account, 'amount_cents', p.amount_cents, 'currency', p.currency) order by p.id)
                     from ledger_postings p where p.entry_id = e.id) as postings
             from ledger_entries e where ${where.join(' and ')}
            order by e.occurred_at desc, e.id desc limit ${query.limit + 1}`,
          params,
        ),
        tx.query<{ n: string | number }>(`select count(*) as n from ledger_entries e where ${filtered.join(' and ')}`, filteredParams),
      ]);
      const more = page.rows.length > query.limit;
      const rows = page.rows.slice(0, query.limit);
      const last = rows[rows.length - 1];
      const data = rows.map((r): LedgerEntryRow => {
        const ps = typeof r.postings === 'string' ? JSON.parse(r.postings) as EntryRow['postings'] & unknown[] : r.postings ?? [];
        return {
          id: r.id, occurred_at: iso(r.occurred_at), kind: r.kind, description: r.description,
          object: { type: r.object_type, id: r.object_id },
          event_seq: r.event_seq === null ? null : Number(r.event_seq),
          reverses_id: r.reverses_id,
          postings: (ps as { account: string; amount_cents: number | string; currency: string }[]).map((p) => ({ account: p.account, amount_cents: Number(p.amount_cents), currency: p.currency })),
        };
      });
      return {
        data,
        pagination: { total: Number(count.rows[0].n), limit: query.limit, offset: 0, next_cursor: more && last ? encodeCursor(ENTRIES_FROM, ENTRY_SORT, [last.at_key, last.id]) : null },
        _meta: meta(),
      };
    },
  });
};

export default defineModule({ name: 'ledger', routes: ledger });
