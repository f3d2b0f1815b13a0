/**
 * The embedded intent engine (docs/orchestrator.md "The embedded engine"): plain requests → the tool
 * and its arguments, as an administrator with the danger switch on unless the row says otherwise;
 * refusals in words for what a role may not use and for danger tools while the switch is off; and
 * "I can't do that yet" with suggestions for the rest. `now` is fixed: Wednesday 2026-11-25, 15:00 UTC.
 */
import { describe, expect, it } from 'vitest';
import { plan, type EngineContext } from '../../server/orchestrator/engine';
import { ENGINE_NOW, ENGINE_TABLE } from './orchestrator-engine-table';
import type { Role } from '../../contract/roles';

const ctx = (role: Role = 'admin', dangerOn = true): EngineContext => ({ role, dangerOn, now: ENGINE_NOW });

describe('the embedded engine understands plain requests', () => {
  it('holds at least 60 requests', () => expect(ENGINE_TABLE.length).toBeGreaterThanOrEqual(60));
  it.each(ENGINE_TABLE)('%s → %s %j', (text, tool, input) => {
    expect(plan(text, ctx())).toEqual({ kind: 'call', tool, input });
  });
});

describe('refusals', () => {
  it.each([
    ['user', 'replay failed label purchases from today', 'replay_failed_messages', 'ops:dlq'],
    ['user', 'show failed messages', 'find_failed_messages', 'ops:dlq'],
    ['agent', 'rescore all suppliers', 'score_suppliers', 'write:suppliers'],
    ['agent', 'show tier-1 suppliers', 'find_suppliers', null],
    ['user', 'am I eligible for capital?', 'check_capital_eligibility', null],
  ] as [Role, string, string, string | null][])('%s: %s', (role, text, tool, permission) => {
    const p = plan(text, ctx(role));
    if (permission === null) {
      expect(p.kind).toBe('call');
      return;
    }
    expect(p).toMatchObject({ kind: 'refused', tool });
    expect(p.kind === 'refused' && p.reason).toContain(`needs the ${permission} permission`);
  });

  it.each([
    ['approve the pending price proposals', 'approve_price_proposals'],
    ['discard failed tracking messages from yesterday', 'discard_failed_messages'],
  ])('danger off: %s is refused in words', (text, tool) => {
    const p = plan(text, ctx('admin', false));
    expect(p).toMatchObject({ kind: 'refused', tool });
    expect(p.kind === 'refused' && p.reason).toMatch(/switched off in this build/);
  });

  it('danger off leaves single, small writes available', () => {
    expect(plan('hold order ORD-100123', ctx('admin', false))).toMatchObject({ kind: 'call', tool: 'hold_order' });
    expect(plan('approve the price proposal for SKU-123', ctx('user', false))).toMatchObject({ kind: 'call', tool: 'approve_price_proposal' });
  });

  it.each(['write me a poem', 'delete my account', 'what is the weather in Paris?', 'hello'])('"%s" → I can\'t do that yet, with requests it understands', (text) => {
    const p = plan(text, ctx('user', false));
    expect(p.kind).toBe('unknown');
    if (p.kind !== 'unknown') return;
    expect(p.text).toMatch(/^I can't do that yet; try "/);
    expect(p.suggestions.length).toBeGreaterThan(0);
    // a suggestion never names a tool the role may not use
    expect(p.suggestions.join(' ')).not.toMatch(/Replay failed/);
  });

  it('asks for a missing order number or SKU instead of guessing', () => {
    expect(plan('hold the order', ctx())).toMatchObject({ kind: 'ask' });
    expect(plan('why did the price drop?', ctx())).toMatchObject({ kind: 'ask' });
  });
});
