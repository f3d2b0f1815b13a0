/**
 * "Check eligibility" (docs/capital.md "Offers"): POST /capital/eligibility/evaluate reads `data`;
 * the offers side by side with their terms, total cost and reasons, and the denials and caps above
 * them. A seller (capital:request) picks an amount up to an offer's and requests it; on success the
 * advances and the snapshot are fetched again. With the switch off the offers are shown, the button
 * is not, and the page says how financing is turned on.
 */
import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Flex, InputNumber, Row, Typography } from 'antd';
import { useNotification } from '@refinedev/core';
import type { AdvanceRow, CapitalOffer, EligibilityAnswer } from '../../contract/capital';
import { centsToDollars, formatBp, formatCents, toCents } from '../../contract/money';
import { finalMessage } from '../../providers/api';
import { CommandGate } from '../../src/shell/command-gate';
import { useCommand } from '../shared/use-command';
import capitalModule from './index';

function OfferCard({ offer, financing, onRequest, busy }: { offer: CapitalOffer; financing: boolean; onRequest: (o: CapitalOffer, cents: number) => void; busy: boolean }) {
  const [dollars, setDollars] = useState<number | null>(centsToDollars(offer.max_principal_cents));
  const cents = dollars === null ? 0 : toCents(dollars);
  const valid = cents >= 10_000 && cents <= offer.max_principal_cents;
  return (
    <Card title={offer.title} size="small" style={{ height: '100%' }} data-testid={`offer-${offer.id}`}>
      <Typography.Paragraph>{offer.description}</Typography.Paragraph>
      <Descriptions size="small" column={1} items={[
        { key: 'max', label: 'Up to', children: formatCents(offer.max_principal_cents) },
        { key: 'fee', label: 'Fee (total cost)', children: `${formatCents(offer.total_cost_cents)} (${formatBp(offer.fee_rate_bp)})` },
        { key: 'repay', label: 'Total repaid', children: formatCents(offer.total_repay_cents) },
        { key: 'holdback', label: 'Held back from each payout', children: formatBp(offer.holdback_bp) },
        ...(offer.factor ? [{ key: 'factor', label: 'Factor', children: offer.factor.toFixed(3) }] : []),
        ...(offer.term_months ? [{ key: 'term', label: 'Term', children: `${offer.term_months} months` }] : []),
        { key: 'days', label: 'Estimated repayment', children: offer.est_repayment_days === null ? '—' : `${offer.est_repayment_days} days at your recent payout pace` },
        { key: 'early', label: 'Early payoff', children: offer.early_payoff ? 'Allowed, at any time' : 'Not allowed' },
      ]} />
      {offer.reasons.map((r) => <Alert key={r} type="warning" showIcon message={r} style={{ marginTop: 8 }} />)}
      {financing && (
        <CommandGate command={capitalModule.commands.request}>
          <Flex gap={8} align="center" wrap style={{ marginTop: 12 }}>
            <InputNumber<number>
              aria-label={`Amount of the ${offer.title.toLowerCase()} in dollars`}
              prefix="$"
              min={100}
              max={centsToDollars(offer.max_principal_cents)}
              step={100}
              precision={2}
              value={dollars}
              onChange={setDollars}
              style={{ width: 160 }}
            />
            <Button type="primary" disabled={!valid} loading={busy} onClick={() => onRequest(offer, cents)}>
              Request {formatCents(valid ? cents : offer.max_principal_cents)}
            </Button>
          </Flex>
        </CommandGate>
      )}
    </Card>
  );
}

export function EligibilityPanel({ financing, onRequested }: { financing: boolean; onRequested: (a: AdvanceRow) => void }) {
  const send = useCommand();
  const { open } = useNotification();
  const [answer, setAnswer] = useState<EligibilityAnswer | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requesting, setRequesting] = useState<string | null>(null);

  const check = async () => {
    setChecking(true);
    setError(null);
    try {
      setAnswer(await send<EligibilityAnswer>('/capital/eligibility/evaluate', {}));
    } catch (e) {
      setError(finalMessage(e));
    } finally {
      setChecking(false);
    }
  };

  const request = async (o: CapitalOffer, cents: number) => {
    setRequesting(o.id);
    try {
      const a = await send<AdvanceRow>('/capital/advances/request', { kind: o.kind, principal_cents: cents, ...(o.term_months ? { term_months: o.term_months } : {}) });
      open?.({ type: 'success', message: `Advance ${a.number} requested`, description: `${formatCents(a.principal_cents)}, ${formatCents(a.fee_cents)} fee. An admin approves it.` });
      setAnswer(null);
      onRequested(a);
    } catch (e) {
      open?.({ type: 'error', message: 'Could not request the advance', description: finalMessage(e) });
    } finally {
      setRequesting(null);
    }
  };

  return (
    <Card
      title="Eligibility and offers"
      extra={<Button onClick={() => void check()} loading={checking}>{answer ? 'Check again' : 'Check eligibility'}</Button>}
      style={{ marginBottom: 16 }}
    >
      {error && <Alert type="error" showIcon message="Could not check eligibility" description={error} action={<Button size="small" onClick={() => void check()}>Retry</Button>} />}
      {!answer && !error && <Typography.Text type="secondary">Offers are computed from your sales history, returns, what the marketplaces owe you and your open advances.</Typography.Text>}
      {answer && (
        <>
          <Alert
            type={answer.eligible ? 'success' : 'warning'}
            showIcon
            style={{ marginBottom: 12 }}
            message={answer.eligible ? `${answer.offers.length} offer${answer.offers.length === 1 ? '' : 's'} for you` : 'Not eligible right now'}
            description={answer.reasons.length > 0 && (
              <ul aria-label="Reasons" style={{ margin: 0, paddingLeft: 18 }}>
                {answer.reasons.map((r) => <li key={r.code}>{r.message}</li>)}
              </ul>
            )}
          />
          <Row gutter={[16, 16]}>
            {answer.offers.map((o) => (
              <Col key={o.id} xs={24} md={12} xl={8}>
                <OfferCard offer={o} financing={financing} busy={requesting === o.id} onRequest={(x, c) => void request(x, c)} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </Card>
  );
}
