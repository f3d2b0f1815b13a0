/**
 * /orchestrator — AI Orchestrator, the chat with the store's assistant (docs/orchestrator.md "Console").
 *
 * - Left: the seller's conversations, newest first, and New conversation. `?c=<id>` opens one; with
 *   no parameter the newest opens (an empty chat when there is none); `?new=1` is an empty chat whose
 *   conversation is created with the first question; `?ask=<text>` is an empty chat with the question
 *   typed in the box, not sent (the palette's "Ask what needs my attention").
 * - Right: the messages, oldest first. An empty chat offers the server's suggested questions (a click
 *   asks it). The box: Enter sends, Shift+Enter is a new line; while the answer streams the box waits
 *   and Stop aborts it. The answer's text grows as it arrives; tool results are tables and cards whose
 *   rows link to the records (`_link`) and to the full list ("View all"); a change the assistant
 *   proposes is a card with what, how many, a preview, Confirm and Cancel, then its result or error.
 * - Loading, empty and error states (Retry); the module's flag (`enableOrchestrator`) gates the page.
 * - "Connect an MCP client" (./mcp-connect.tsx) in the header, tagged Beta, only while the store's beta
 *   features are on (docs/mcp.md).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../src/shell/page-header';
import { BetaPart } from '../../src/shell/beta';
import { LoadError } from '../shared/list-error';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { MessageView } from './message-view';
import { McpConnect } from './mcp-connect';
import { useConversations, useMessages, useSuggestions } from './queries';
import { useChat } from './use-chat';
import type { Message } from './types';

export default function OrchestratorPage() {
  const [params, setParams] = useSearchParams();
  const { query: listQuery, conversations } = useConversations();
  const explicit = params.get('c');
  const fresh = params.has('new') || params.has('ask');
  const selected = explicit ?? (fresh ? null : (conversations?.[0]?.id ?? null));
  const choosing = explicit === null && !fresh && !conversations && !listQuery.isError;

  const [draft, setDraft] = useState('');
  const box = useRef<TextAreaRef>(null);

  const open = useCallback((id: string) => setParams({ c: id }, { replace: false }), [setParams]);
  const created = useCallback((id: string) => setParams({ c: id }, { replace: true }), [setParams]);
  const startNew = () => {
    setParams({ new: '1' });
    setDraft('');
    box.current?.focus();
  };

  // ?ask=… types the question into the box of an empty chat (the palette's page actions)
  const ask = params.get('ask');
  useEffect(() => {
    if (ask === null) return;
    setDraft(ask);
    setParams({ new: '1' }, { replace: true });
    box.current?.focus();
  }, [ask, setParams]);

  const chat = useChat(selected, created);
  const { query: msgQuery, messages } = useMessages(selected);
  const turn = chat.turn?.conversationId === selected ? chat.turn : null;
  const failure = chat.failure && chat.failure.conversationId === selected ? chat.failure : null;

  const stored = messages ?? [];
  const ids = new Set(stored.map((m) => m.id));
  const empty = !choosing && stored.length === 0 && !turn && !msgQuery.isError && (selected === null || messages !== undefined);
  const suggestions = useSuggestions(empty);

  const submit = (text: string) => {
    if (!text.trim() || chat.streaming) return;
    setDraft('');
    void chat.ask(text);
  };

  // back to the box once the answer ends
  const wasStreaming = useRef(false);
  useEffect(() => {
    if (wasStreaming.current && !chat.streaming) box.current?.focus();
    wasStreaming.current = chat.streaming;
  }, [chat.streaming]);

  // the newest message stays in view
  const end = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [stored.length, turn?.text, turn?.toolCalls.length]);

  const live = (m: Message | null) => m === null || !ids.has(m.id);

  return (
    <>
      <PageHeader
        title="AI Orchestrator"
        subtitle="Ask the assistant about your store, or ask it to do something: it shows what it found and asks before it changes anything."
        // MCP access is a beta feature: the button shows only while the store's beta features are on (docs/mcp.md)
        extra={
          <BetaPart>
            <McpConnect />
          </BetaPart>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} lg={6}>
          <ConversationList
            conversations={conversations}
            loading={listQuery.isLoading}
            error={listQuery.isError ? listQuery.error : null}
            onRetry={() => void listQuery.refetch()}
            selected={selected}
            onSelect={open}
            onNew={startNew}
          />
        </Col>
        <Col xs={24} md={17} lg={18}>
          <Card size="small" styles={{ body: { display: 'flex', flexDirection: 'column', minHeight: 420 } }}>
            <div style={{ flex: 1, overflowY: 'auto', maxHeight: '60vh' }}>
              {(choosing || (selected !== null && msgQuery.isLoading && !turn)) && <Skeleton active aria-busy="true" />}
              {msgQuery.isError && <LoadError what="this conversation" error={msgQuery.error} onRetry={() => void msgQuery.refetch()} />}
              {empty && (
                <Flex vertical gap={12} style={{ padding: '24px 8px' }}>
                  <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                    What can I help with?
                  </Typography.Title>
                  <Typography.Text type="secondary">Ask about orders, listings, prices or anything that needs your attention.</Typography.Text>
                  {suggestions && suggestions.length > 0 && (
                    <ul aria-label="Suggested questions" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
                      {suggestions.map((s) => (
                        <li key={s.text}>
                          <Button onClick={() => submit(s.text)}>{s.text}</Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </Flex>
              )}
              <div role="log" aria-label="Messages" aria-live="polite">
                <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
                  {stored.map((m) => (
                    <MessageView key={m.id} role={m.role} text={m.text} toolCalls={m.tool_calls} />
                  ))}
                  {turn && live(turn.user) && <MessageView role="user" text={turn.question} toolCalls={[]} />}
                  {turn && live(turn.answer) && (turn.streaming || turn.text || turn.toolCalls.length > 0) && (
                    <MessageView role="assistant" text={turn.text} toolCalls={turn.toolCalls} streaming={turn.streaming} />
                  )}
                </ol>
              </div>
              {chat.stopped !== null && chat.stopped === selected && !turn && <Typography.Text type="secondary">You stopped the answer.</Typography.Text>}
              {failure && (
                <Alert
                  role="alert"
                  type="error"
                  showIcon
                  style={{ marginTop: 12 }}
                  message="The assistant could not answer"
                  description={failure.message}
                  action={<Button onClick={() => submit(failure.question)}>Retry</Button>}
                />
              )}
              <div ref={end} />
            </div>
            <Composer ref={box} value={draft} onChange={setDraft} onSend={() => submit(draft)} onStop={chat.stop} streaming={chat.streaming} disabled={choosing} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
