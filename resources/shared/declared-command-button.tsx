/**
 * A declared list's command button (src/lib/declared-list.ts `command`): shown only to users who may
 * run it (`CommandGate`, the one access decision), asks its question first when it has one, sends its
 * `call` through the Refine data provider (use-command.ts), says how it went and refreshes the list
 * (or whatever `onDone` refreshes: an agent's run-now button on /agents).
 */
import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useInvalidate, useNotification } from '@refinedev/core';
import { finalMessage } from '../../providers/api';
import { CommandGate } from '../../src/shell/command-gate';
import { parseCall, type DeclaredCommand } from '../../src/lib/declared-list';
import { useCommand } from './use-command';

export function DeclaredCommandButton({ command, resource, onDone }: { command: DeclaredCommand; resource: string; onDone?: () => void }) {
  const send = useCommand();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const { method, path } = parseCall(command.call);
    setBusy(true);
    try {
      await send(path, {}, method);
      open?.({ type: 'success', message: `${command.label}: done` });
      await invalidate({ resource, invalidates: ['list', 'many', 'detail'] });
      onDone?.();
    } catch (e) {
      open?.({ type: 'error', message: `${command.label} failed`, description: finalMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <CommandGate command={command}>
      {command.confirm ? (
        <Popconfirm title={command.confirm} okText={command.label} onConfirm={run}>
          <Button loading={busy}>{command.label}</Button>
        </Popconfirm>
      ) : (
        <Button loading={busy} onClick={() => void run()}>
          {command.label}
        </Button>
      )}
    </CommandGate>
  );
}
