/**
 * One message of the conversation: the seller's question, or the assistant's answer — its words
 * first, then what its tools found (tables, cards) and the changes waiting for confirmation
 * (docs/orchestrator.md).
 */
import { Alert, Flex, Typography } from 'antd';
import { ActionCard } from './action-confirmation';
import { ToolResultView } from './tool-result';
import type { Message, ToolCall } from './types';

/** A refused or failed step's reason, unless the answer's own words already say it. */
function ToolCallView({ call, said }: { call: ToolCall; said: string }) {
  if (call.action) return <ActionCard key={`${call.action.id}:${call.action.status}`} action={call.action} />;
  if ((call.status === 'refused' || call.status === 'failed') && call.error && said.includes(call.error)) return null;
  if (call.status === 'refused') return <Alert type="warning" showIcon message={call.error ?? 'The assistant may not do that for you.'} />;
  if (call.status === 'failed') return <Alert type="error" showIcon message={call.error ?? 'That step failed.'} />;
  return call.result ? <ToolResultView result={call.result} /> : null;
}

export interface MessageViewProps {
  role: Message['role'];
  text: string;
  toolCalls: ToolCall[];
  /** The answer is still arriving. */
  streaming?: boolean;
}

export function MessageView({ role, text, toolCalls, streaming }: MessageViewProps) {
  const mine = role === 'user';
  return (
    <li className={`orch-msg orch-msg-${role}`} aria-label={mine ? 'You' : 'Assistant'} aria-busy={streaming || undefined} style={{ alignSelf: mine ? 'flex-end' : 'stretch', maxWidth: mine ? '80%' : '100%' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {mine ? 'You' : 'Assistant'}
      </Typography.Text>
      <Flex vertical gap={8}>
        {(text || streaming) && (
          <div
            data-testid={mine ? undefined : 'answer-text'}
            style={{ whiteSpace: 'pre-wrap', padding: '8px 12px', borderRadius: 8, background: mine ? '#e6f4ff' : '#fafafa', border: '1px solid #f0f0f0' }}
          >
            {text}
            {streaming && <span aria-hidden="true">▍</span>}
          </div>
        )}
        {toolCalls.map((c, i) => (
          <ToolCallView key={i} call={c} said={text} />
        ))}
      </Flex>
    </li>
  );
}
