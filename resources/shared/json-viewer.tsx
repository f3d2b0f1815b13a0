/**
 * JSON viewer for message payloads (docs/ops-ui.md): a tree of
 * native <details> elements (collapsible with mouse and keyboard, no extra state), monospace, with a
 * copy button for the whole document. Deep levels start collapsed so a large payload stays readable.
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';

const MONO: CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12.5, lineHeight: '20px' };
const INDENT = 16;

function Scalar({ value }: { value: unknown }) {
  if (value === null) return <span style={{ color: '#8c8c8c' }}>null</span>;
  if (typeof value === 'string') return <span style={{ color: '#237804', wordBreak: 'break-word' }}>{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span style={{ color: '#0958d9' }}>{String(value)}</span>;
  if (typeof value === 'boolean') return <span style={{ color: '#ad4e00' }}>{String(value)}</span>;
  return <span>{JSON.stringify(value) ?? 'undefined'}</span>;
}

function Node({ name, value, depth, openDepth }: { name?: string; value: unknown; depth: number; openDepth: number }) {
  const label: ReactNode = name !== undefined ? <span style={{ color: '#531dab' }}>{JSON.stringify(name)}: </span> : null;
  if (value === null || typeof value !== 'object') {
    return (
      <div style={{ paddingLeft: INDENT }}>
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div style={{ paddingLeft: INDENT }}>
        {label}
        {open}
        {close}
      </div>
    );
  }
  return (
    <details open={depth < openDepth} style={{ paddingLeft: depth === 0 ? 0 : INDENT }}>
      <summary style={{ cursor: 'pointer' }}>
        {label}
        {open}
        <span style={{ color: '#8c8c8c' }}>
          {' '}
          {entries.length} {isArray ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}{' '}
        </span>
      </summary>
      {entries.map(([k, v]) => (
        <Node key={k} name={isArray ? undefined : k} value={v} depth={depth + 1} openDepth={openDepth} />
      ))}
      <div>{close}</div>
    </details>
  );
}

export interface JsonViewerProps {
  value: unknown;
  /** Accessible name of the viewer, e.g. "Payload". */
  label: string;
  /** Levels shown expanded at first (default 2). */
  openDepth?: number;
  maxHeight?: number;
}

export function JsonViewer({ value, label, openDepth = 2, maxHeight = 420 }: JsonViewerProps) {
  const [copied, setCopied] = useState(false);
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, background: '#fafafa' }}>
      <Flex justify="space-between" align="center" style={{ padding: '4px 8px 4px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {label} · JSON
        </Typography.Text>
        <Tooltip title={copied ? 'Copied' : 'Copy JSON'}>
          <Button size="small" type="text" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </Tooltip>
      </Flex>
      <div role="group" aria-label={label} style={{ ...MONO, padding: '8px 12px', overflow: 'auto', maxHeight }}>
        <Node value={value} depth={0} openDepth={openDepth} />
      </div>
    </div>
  );
}
