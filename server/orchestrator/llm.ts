/**
 * The model engine (docs/orchestrator.md "Engines"): with LLM_BASE_URL set, an OpenAI-compatible
 * chat-completions model with tool calling drives the same tools — plain fetch, `stream: true`, the
 * server-sent events parsed with eventsource-parser. The model only picks tools and words: every
 * call goes through executeTool (role, danger switch, validation), and a write still waits for the
 * member's confirmation. Cancelled with the request (AbortSignal).
 */
import { createParser } from 'eventsource-parser';
import type { Config } from '../config';
import { executeTool, type Executed, type ExecuteScope } from './execute';
import { allowedFor, inputSchema, unavailableReason } from './tool-kit';
import { TOOLS } from './tools';

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Rounds of tool calls one answer may take before the model must answer in words. */
const MAX_ROUNDS = 4;

export const SYSTEM_PROMPT =
  'You are the seller console\'s operations assistant. Answer with the tools you are given; never invent figures. ' +
  'A tool that changes something only proposes the change: tell the user to review it and press Confirm. Be brief.';

interface Streamed { text: string; calls: { id: string; name: string; arguments: string }[] }

/** One streamed completion: text deltas go to `onToken` as they come; tool calls are assembled by index. */
async function complete(llm: NonNullable<Config['llm']>, messages: ChatMessage[], tools: unknown[], signal: AbortSignal, onToken: (t: string) => void): Promise<Streamed> {
  const res = await fetch(`${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
    body: JSON.stringify({ model: llm.model, messages, tools: tools.length ? tools : undefined, stream: true }),
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`The model answered ${res.status}`);
  const out: Streamed = { text: '', calls: [] };
  const parser = createParser({
    onEvent(ev) {
      if (ev.data === '[DONE]') return;
      let chunk: { choices?: { delta?: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] } }[] };
      try {
        chunk = JSON.parse(ev.data);
      } catch {
        return;
      }
      const delta = chunk.choices?.[0]?.delta;
      if (!delta) return;
      if (delta.content) {
        out.text += delta.content;
        onToken(delta.content);
      }
      for (const tc of delta.tool_calls ?? []) {
        const c = (out.calls[tc.index] ??= { id: '', name: '', arguments: '' });
        if (tc.id) c.id = tc.id;
        if (tc.function?.name) c.name += tc.function.name;
        if (tc.function?.arguments) c.arguments += tc.function.arguments;
      }
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(bytes, { stream: true }));
  out.calls = out.calls.filter(Boolean);
  return out;
}

/** What the model is told about a tool call's outcome. */
function toolMessage(e: Executed): string {
  const c = e.call;
  return JSON.stringify({ status: c.status, error: c.error, result: c.result, action: c.action ? { summary: c.action.summary, count: c.action.count, needs_confirmation: true } : null });
}

export async function llmAnswer(
  llm: NonNullable<Config['llm']>, scope: ExecuteScope, history: ChatMessage[], text: string, signal: AbortSignal,
  onToken: (t: string) => void, onCall: (e: Executed) => void,
): Promise<void> {
  const tools = TOOLS.filter((t) => allowedFor(scope.role, t) && unavailableReason(t, scope.dangerOn) === null).map((t) => ({
    type: 'function', function: { name: t.name, description: t.description, parameters: inputSchema(t) },
  }));
  const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }, ...history, { role: 'user', content: text }];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const r = await complete(llm, messages, round === MAX_ROUNDS - 1 ? [] : tools, signal, onToken);
    if (r.calls.length === 0) return;
    messages.push({ role: 'assistant', content: r.text || null, tool_calls: r.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) });
    for (const c of r.calls) {
      if (signal.aborted) return;
      let args: unknown = {};
      try {
        args = c.arguments ? JSON.parse(c.arguments) : {};
      } catch {
        args = {};
      }
      const e = await executeTool(scope, c.name, args);
      onCall(e);
      messages.push({ role: 'tool', tool_call_id: c.id, content: toolMessage(e) });
    }
  }
}
