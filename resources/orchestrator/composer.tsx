/**
 * Where the seller types: Enter sends, Shift+Enter starts a new line; while an answer arrives the box
 * and Send wait and Stop ends the answer (docs/orchestrator.md).
 */
import { forwardRef, type KeyboardEvent } from 'react';
import { Button, Flex, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';

/** contract/orchestrator.ts MESSAGE_MAX, repeated: a value import would bring the contract's zod schemas into this chunk. */
export const MAX_QUESTION = 2000;

export interface ComposerProps {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  disabled?: boolean;
}

export const Composer = forwardRef<TextAreaRef, ComposerProps>(function Composer({ value, onChange, onSend, onStop, streaming, disabled }, ref) {
  const empty = value.trim() === '';
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (!streaming && !disabled && !empty) onSend();
  };
  return (
    <Flex gap={8} align="flex-end" style={{ marginTop: 12 }}>
      <Input.TextArea
        ref={ref}
        aria-label="Ask the assistant"
        placeholder="Ask about orders, listings, prices… (Enter sends, Shift+Enter for a new line)"
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={MAX_QUESTION}
        value={value}
        disabled={streaming || disabled}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {streaming ? (
        <Button danger onClick={onStop}>
          Stop
        </Button>
      ) : (
        <Button type="primary" disabled={empty || disabled} onClick={onSend}>
          Send
        </Button>
      )}
    </Flex>
  );
});
