/**
 * What to propose prices for (docs/repricing.md "Proposals", `POST /api/pricing/propose`): the
 * listings handed over by the /listings bulk action, or those matching filters (marketplace, status,
 * search, MAP violations). A selection the API names directly goes as is (every listing, or a
 * marketplace); other filters are resolved to listing ids through the listings list, a page of 500
 * at a time. Proposing changes no price: it writes proposals a person approves.
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Input, Select, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useDataProvider, useInvalidate, useList, type CrudFilter } from '@refinedev/core';
import { LISTING_STATUSES, type Listing } from '../../contract/listings';
import { PROPOSE_MAX, type ProposeAnswer, type ProposeBody } from '../../contract/pricing';
import { PAGE } from '../../contract/constants';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { humanize } from '../shared/format';
import { MarketplaceSelect } from '../listings/marketplace-select';
import { CommandGate } from '../../src/shell/command-gate';
import pricingModule from './index';

interface Filters { marketplace_id?: string; status?: string[]; search?: string; violations?: boolean }

function crudFilters(f: Filters): CrudFilter[] {
  const out: CrudFilter[] = [];
  if (f.marketplace_id) out.push({ field: 'marketplace_id', operator: 'eq', value: f.marketplace_id });
  if (f.status?.length) out.push({ field: 'status', operator: 'eq', value: f.status.join(',') });
  if (f.search) out.push({ field: 'search', operator: 'contains', value: f.search });
  if (f.violations) out.push({ field: 'violations', operator: 'eq', value: 'true' });
  return out;
}

export function summaryOf(a: ProposeAnswer): string {
  const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;
  return `Evaluated ${n(a.evaluated, 'listing')}: ${a.down} down, ${a.up} up, ${a.unchanged} unchanged; ${a.at_floor} at floor. ${n(a.proposals_created, 'proposal')} created.`;
}

export function ProposeSelection({ handed, onDropHanded, onProposed }: { handed: string[]; onDropHanded: () => void; onProposed: (a: ProposeAnswer) => void }) {
  const [f, setF] = useState<Filters>({ status: ['active'] });
  const filters = crudFilters(f);
  const provider = useDataProvider();
  const send = useCommand();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matching = useList<Listing>({ resource: 'listings', filters, pagination: { currentPage: 1, pageSize: 1 }, queryOptions: { enabled: handed.length === 0 }, errorNotification: false });
  const total = matching.result?.total;

  /** The ids of every listing the filters match (pages of PAGE.maxSize, up to PROPOSE_MAX). */
  const idsOf = async (): Promise<string[]> => {
    const ids: string[] = [];
    for (let page = 1; ids.length < PROPOSE_MAX; page++) {
      const r = await provider().getList<Listing>({ resource: 'listings', filters, pagination: { currentPage: page, pageSize: PAGE.maxSize } });
      ids.push(...r.data.map((l) => l.id));
      if (r.data.length < PAGE.maxSize || ids.length >= r.total) break;
    }
    return ids.slice(0, PROPOSE_MAX);
  };

  const propose = async () => {
    setBusy(true);
    setError(null);
    try {
      let body: ProposeBody;
      if (handed.length) body = { listing_ids: handed.slice(0, PROPOSE_MAX), all: false };
      else if (filters.length === 0) body = { all: true };
      else if (filters.length === 1 && f.marketplace_id) body = { marketplace_id: f.marketplace_id, all: false };
      else {
        const ids = await idsOf();
        if (ids.length === 0) {
          setError('No listing matches these filters.');
          return;
        }
        body = { listing_ids: ids, all: false };
      }
      const answer = await send<ProposeAnswer>('/pricing/propose', body);
      await invalidate({ resource: 'price_proposals', invalidates: ['list'] });
      onProposed(answer);
    } catch (e) {
      setError(finalMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>Listings to price</Typography.Title>} size="small">
      {handed.length > 0 ? (
        <Flex gap={12} align="center" wrap>
          <Typography.Text>
            {handed.length} listing{handed.length === 1 ? '' : 's'} selected on the Listings page.
          </Typography.Text>
          <Button type="link" onClick={onDropHanded}>
            Pick by filters instead
          </Button>
        </Flex>
      ) : (
        <Flex gap={8} wrap align="center">
          <MarketplaceSelect aria-label="Marketplace" style={{ width: 220 }} value={f.marketplace_id} onChange={(v) => setF({ ...f, marketplace_id: (v as string | undefined) ?? undefined })} />
          <Select
            aria-label="Status"
            mode="multiple"
            allowClear
            placeholder="Any status"
            style={{ minWidth: 200 }}
            value={f.status}
            onChange={(v: string[]) => setF({ ...f, status: v })}
            options={LISTING_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          />
          <Input.Search aria-label="Search listings" placeholder="Search title or SKU" allowClear style={{ width: 240 }} onSearch={(v) => setF({ ...f, search: v.trim() || undefined })} />
          <Checkbox checked={!!f.violations} onChange={(e) => setF({ ...f, violations: e.target.checked || undefined })}>
            With MAP violations
          </Checkbox>
          <Typography.Text type="secondary" aria-live="polite">
            {matching.query.isError ? 'Could not count the listings' : total === undefined ? 'Counting…' : `${total.toLocaleString('en-US')} listing${total === 1 ? '' : 's'} match`}
          </Typography.Text>
        </Flex>
      )}
      {error && <Alert type="error" showIcon style={{ marginTop: 12 }} message="Nothing was proposed" description={error} />}
      <CommandGate command={pricingModule.commands.propose}>
        <Button type="primary" icon={<ThunderboltOutlined />} style={{ marginTop: 12 }} loading={busy} disabled={handed.length === 0 && total === 0} onClick={() => void propose()}>
          Propose prices
        </Button>
      </CommandGate>
    </Card>
  );
}
