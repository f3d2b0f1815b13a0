/**
 * One question and its streamed answer (docs/orchestrator.md): the conversation is created first
 * when there is none yet, the answer's text grows token by token and its tool calls appear as they
 * run; Stop aborts the request (the server keeps what was said so far). When the answer ends, the
 * conversations and messages are read again and the stored messages take the live turn's place.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';
import { useRefreshChat } from './queries';
import { streamAnswer } from './stream';
import type { Conversation, Message, ToolCall } from './types';

export interface Turn {
  conversationId: string | null;
  question: string;
  /** The stored question, once the server has it. */
  user: Message | null;
  text: string;
  toolCalls: ToolCall[];
  /** The stored answer, once done. */
  answer: Message | null;
  streaming: boolean;
}

export interface Failure { conversationId: string | null; question: string; message: string }

const TITLE_LENGTH = 60;

/** The same tool call again (its status or result moved on) replaces the last one; another is added. */
function withCall(calls: ToolCall[], call: ToolCall): ToolCall[] {
  const last = calls[calls.length - 1];
  if (last && last.tool === call.tool && JSON.stringify(last.input) === JSON.stringify(call.input) && last.status !== 'done') return [...calls.slice(0, -1), call];
  return [...calls, call];
}

export function useChat(conversationId: string | null, onCreated: (id: string) => void) {
  const send = useCommand();
  const refresh = useRefreshChat();
  const [turn, setTurn] = useState<Turn | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // leaving the page ends a running answer
  useEffect(() => () => abort.current?.abort(), []);

  const ask = useCallback(
    async (question: string) => {
      const text = question.trim();
      if (!text || abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      setFailure(null);
      setStopped(null);
      setTurn({ conversationId, question: text, user: null, text: '', toolCalls: [], answer: null, streaming: true });
      let id = conversationId;
      let failed: string | null = null;
      try {
        if (id === null) {
          const created = await send<Conversation>('/orchestrator/conversations', { title: text.slice(0, TITLE_LENGTH) });
          id = created.id;
          const newId = id;
          setTurn((t) => t && { ...t, conversationId: newId });
          onCreated(newId);
        }
        await streamAnswer(id, text, controller.signal, (e) => {
          if (e.type === 'error') failed = e.data.message;
          else
            setTurn((t) => {
              if (!t) return t;
              if (e.type === 'message') return { ...t, user: e.data };
              if (e.type === 'token') return { ...t, text: t.text + e.data.text };
              if (e.type === 'tool_call') return { ...t, toolCalls: withCall(t.toolCalls, e.data) };
              return { ...t, answer: e.data, text: e.data.text, toolCalls: e.data.tool_calls };
            });
        });
      } catch (e) {
        if (controller.signal.aborted) setStopped(id);
        else failed = finalMessage(e);
      }
      abort.current = null;
      if (failed !== null) setFailure({ conversationId: id, question: text, message: failed });
      setTurn((t) => t && { ...t, streaming: false });
      // the stored messages replace the live turn once read again (a finished answer's stored copy
      // hides the live one by its id; a stopped or failed one has none, so the turn goes)
      if (id !== null) await refresh(id).catch(() => undefined);
      setTurn((t) => (t && !t.streaming && !t.answer ? null : t));
    },
    [conversationId, onCreated, refresh, send],
  );

  const stop = useCallback(() => abort.current?.abort(), []);

  return { turn, failure, stopped, ask, stop, streaming: turn?.streaming === true };
}
