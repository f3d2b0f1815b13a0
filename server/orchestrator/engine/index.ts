/**
 * The embedded default engine (docs/orchestrator.md "The embedded engine"): a deterministic intent
 * engine over the tool declarations. It maps a request to one tool and its input (grammar.ts), checks
 * the input with the tool's own zod schema, and refuses in words what the member's role may not use
 * and what the build's danger switch keeps off. Everything else is answered "I can't do that yet"
 * with requests it does understand.
 */
import type { Role } from '../../../contract/roles';
import { allowedFor, unavailableReason, type AnyTool } from '../tool-kit';
import { TOOLS, toolNamed } from '../tools';
import { match } from './grammar';

export type EnginePlan =
  | { kind: 'call'; tool: string; input: Record<string, unknown> }
  | { kind: 'refused'; tool: string; input: Record<string, unknown>; reason: string }
  | { kind: 'ask'; text: string }
  | { kind: 'unknown'; text: string; suggestions: string[] };

export interface EngineContext {
  role: Role;
  dangerOn: boolean;
  now: Date;
}

/** Requests the engine understands, by the tool they use (the empty chat's suggestions too). */
export const EXAMPLES: readonly { text: string; tool: string }[] = [
  { text: 'What needs my attention?', tool: 'summarise_today' },
  { text: 'Show pending orders from eBay over $100', tool: 'find_orders' },
  { text: "Why did SKU-123's price drop?", tool: 'explain_price_change' },
  { text: 'Show listings with a MAP violation on Walmart', tool: 'find_listings' },
  { text: 'Show low stock products', tool: 'find_products' },
  { text: 'Show open critical alerts', tool: 'find_alerts' },
  { text: 'Show tier-1 suppliers', tool: 'find_suppliers' },
  { text: 'Replay failed label purchases from today', tool: 'replay_failed_messages' },
  { text: 'Am I eligible for capital?', tool: 'check_capital_eligibility' },
  { text: 'Show returns waiting for approval', tool: 'find_returns' },
];

export const REFUSED_BY_ROLE = (t: AnyTool) => `Your role cannot use "${t.name}" (it needs the ${t.permission} permission). Ask an administrator if you need it.`;

export function suggestionsFor(role: Role, dangerOn: boolean, n = 3): string[] {
  return EXAMPLES.filter((e) => {
    const t = toolNamed(e.tool);
    return t && allowedFor(role, t) && unavailableReason(t, dangerOn) === null;
  }).slice(0, n).map((e) => e.text);
}

export function cannotYet(role: Role, dangerOn: boolean): { text: string; suggestions: string[] } {
  const suggestions = suggestionsFor(role, dangerOn);
  return { text: `I can't do that yet; try ${suggestions.map((x) => `"${x}"`).join(', ')}.`, suggestions };
}

export function plan(text: string, ctx: EngineContext): EnginePlan {
  const m = match(text, ctx.now);
  if (!m) return { kind: 'unknown', ...cannotYet(ctx.role, ctx.dangerOn) };
  if ('ask' in m) return { kind: 'ask', text: m.ask };
  const tool = toolNamed(m.tool);
  if (!tool) return { kind: 'unknown', ...cannotYet(ctx.role, ctx.dangerOn) };
  const parsed = tool.input.safeParse(m.input);
  if (!parsed.success) return { kind: 'ask', text: `I understood "${tool.description}", but ${parsed.error.issues[0]?.message ?? 'a value is missing'}.` };
  const input = parsed.data as Record<string, unknown>;
  if (!allowedFor(ctx.role, tool)) return { kind: 'refused', tool: tool.name, input, reason: REFUSED_BY_ROLE(tool) };
  const off = unavailableReason(tool, ctx.dangerOn);
  if (off) return { kind: 'refused', tool: tool.name, input, reason: off };
  return { kind: 'call', tool: tool.name, input };
}

export { TOOLS };
