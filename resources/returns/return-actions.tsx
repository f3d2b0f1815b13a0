/**
 * The lifecycle actions of one return (docs/dropshipping.md "Returns"), only those its status allows
 * (the contract's RMA_TRANSITIONS, the table the server's commands check): approve (buys the return label), reject with a
 * reason, receive with the condition (new and like new go back into stock), refund or replace —
 * each resolution asks first.
 */
import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Select } from 'antd';
import { useNotification } from '@refinedev/core';
import { RETURN_CONDITIONS, RMA_STATUSES, rmaCommands, type ReturnCondition, type ReturnRow, type RmaAction, type RmaStatus } from '../../contract/fulfillment';
import { finalMessage } from '../../providers/api';
import { CommandGate } from '../../src/shell/command-gate';
import { humanize } from '../shared/format';
import { useCommand } from '../shared/use-command';
import returnsModule from './index';

/** Which commands a status allows: the contract's RMA transitions, less `ship` (the carrier's scan). */
export const RMA_NEXT = RMA_STATUSES.reduce(
  (next, s) => ({ ...next, [s]: rmaCommands(s) }),
  {} as Record<RmaStatus, readonly Exclude<RmaAction, 'ship'>[]>,
);

export function ReturnActions({ rma, onChanged }: { rma: ReturnRow; onChanged: () => void }) {
  const send = useCommand();
  const { open } = useNotification();
  const [busy, setBusy] = useState<string | null>(null);
  const [condition, setCondition] = useState<ReturnCondition | undefined>();
  const [rejectReason, setRejectReason] = useState('');
  const next = RMA_NEXT[rma.status];

  const act = async (action: string, body: object, done: string) => {
    setBusy(action);
    try {
      await send(`/returns/${rma.id}/${action}`, body);
      open?.({ type: 'success', message: done });
      onChanged();
    } catch (e) {
      open?.({ type: 'error', message: `Could not ${action} ${rma.number}`, description: finalMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  if (next.length === 0) return null;
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label="Return actions">
      {next.includes('approve') && (
        <CommandGate command={returnsModule.commands.approve}>
          <Button type="primary" loading={busy === 'approve'} onClick={() => act('approve', {}, `${rma.number} approved: return label bought`)}>
            Approve
          </Button>
        </CommandGate>
      )}
      {next.includes('receive') && (
        <CommandGate command={returnsModule.commands.receive}>
          <Select<ReturnCondition>
            aria-label="Condition received"
            placeholder="Condition"
            style={{ width: 150 }}
            value={condition}
            onChange={setCondition}
            options={RETURN_CONDITIONS.map((c) => ({ value: c, label: humanize(c) }))}
          />
          <Button type="primary" disabled={!condition} loading={busy === 'receive'} onClick={() => act('receive', { condition }, `${rma.number} received`)}>
            Receive
          </Button>
        </CommandGate>
      )}
      {next.includes('refund') && (
        <CommandGate command={returnsModule.commands.refund}>
          <Popconfirm title={`Refund ${rma.number}?`} description="The customer is refunded the returned lines' sale price." okText="Refund" onConfirm={() => act('refund', {}, `${rma.number} refunded`)}>
            <Button type="primary" loading={busy === 'refund'}>Refund</Button>
          </Popconfirm>
        </CommandGate>
      )}
      {next.includes('replace') && (
        <CommandGate command={returnsModule.commands.replace}>
          <Popconfirm title={`Replace ${rma.number}?`} description="A new order ships the same items again." okText="Replace" onConfirm={() => act('replace', {}, `${rma.number} replaced`)}>
            <Button loading={busy === 'replace'}>Replace</Button>
          </Popconfirm>
        </CommandGate>
      )}
      {next.includes('reject') && (
        <CommandGate command={returnsModule.commands.reject}>
          <Popconfirm
            title={`Reject ${rma.number}?`}
            description={<Input aria-label="Reason for rejecting" placeholder="Reason (required)" value={rejectReason} onChange={(e) => setRejectReason(e.target.value)} maxLength={500} />}
            okText="Reject"
            okButtonProps={{ danger: true, disabled: rejectReason.trim() === '' }}
            onConfirm={() => act('reject', { reason: rejectReason.trim() }, `${rma.number} rejected`)}
          >
            <Button danger loading={busy === 'reject'}>Reject</Button>
          </Popconfirm>
        </CommandGate>
      )}
    </Flex>
  );
}
