/** The seller's conversations with the assistant, newest first; New conversation starts an empty one (docs/orchestrator.md). */
import { Button, Flex, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LoadError } from '../shared/list-error';
import type { Conversation } from './types';

export interface ConversationListProps {
  conversations: Conversation[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ConversationList({ conversations, loading, error, onRetry, selected, onSelect, onNew }: ConversationListProps) {
  return (
    <nav aria-label="Conversations">
      <Button block icon={<PlusOutlined />} onClick={onNew} style={{ marginBottom: 12 }} type={selected === null ? 'primary' : 'default'}>
        New conversation
      </Button>
      {error ? <LoadError what="your conversations" error={error} onRetry={onRetry} /> : null}
      {!error && loading && <Skeleton active paragraph={{ rows: 3 }} title={false} aria-busy="true" />}
      {!error && conversations?.length === 0 && <Typography.Text type="secondary">No conversations yet.</Typography.Text>}
      {!error && conversations && conversations.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {conversations.map((c) => (
            <li key={c.id}>
              <Button
                type="text"
                block
                aria-current={c.id === selected ? 'true' : undefined}
                onClick={() => onSelect(c.id)}
                style={{ height: 'auto', textAlign: 'left', padding: '6px 8px', background: c.id === selected ? '#e6f4ff' : undefined }}
              >
                <Flex vertical style={{ minWidth: 0, width: '100%' }}>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{c.title || 'Untitled conversation'}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {when(c.updated_at)}
                  </Typography.Text>
                </Flex>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
