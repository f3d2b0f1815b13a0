/**
 * A label's actions (docs/dropshipping.md "Labels"): print opens the label PDF in a new tab — fetched
 * through the API client (it carries the bearer token) and shown from an object URL — and void asks
 * first, offered only while the carrier has not scanned the parcel and within the void window.
 */
import { useState } from 'react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { VOID_WINDOW_DAYS, type ShipmentRow } from '../../contract/fulfillment';
import { finalMessage } from '../../providers/api';
import { apiClient } from '../../providers/app-client';
import { CommandGate } from '../../src/shell/command-gate';
import { saveBlob } from '../shared/download';
import { useCommand } from '../shared/use-command';
import fulfillmentModule from './index';

/** Why the label cannot be voided now (null: it can). */
export function voidRefusal(s: Pick<ShipmentRow, 'status' | 'bought_at'>, now = Date.now()): string | null {
  if (s.status === 'voided') return 'Already voided';
  if (s.status !== 'label_created') return 'The carrier has scanned the parcel';
  if (s.bought_at && now - Date.parse(s.bought_at) > VOID_WINDOW_DAYS * 86_400_000) return `Labels can be voided within ${VOID_WINDOW_DAYS} days of purchase`;
  return null;
}

export async function openLabel(s: Pick<ShipmentRow, 'id' | 'tracking_number'>): Promise<void> {
  // the tab opens on the click (popup blockers allow it), the PDF follows once fetched
  const tab = window.open('', '_blank');
  try {
    const blob = await apiClient.blob(`/shipments/${s.id}/label.pdf`, { headers: { Accept: 'application/pdf' } });
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else saveBlob(blob, `label-${s.tracking_number}.pdf`);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}

export function LabelActions({ shipment: s, onChanged }: { shipment: ShipmentRow; onChanged: () => void }) {
  const send = useCommand();
  const { open } = useNotification();
  const [busy, setBusy] = useState<'print' | 'void' | null>(null);
  const refusal = voidRefusal(s);

  const print = async () => {
    setBusy('print');
    try {
      await openLabel(s);
    } catch (e) {
      open?.({ type: 'error', message: 'Could not open the label', description: finalMessage(e) });
    } finally {
      setBusy(null);
    }
  };
  const doVoid = async () => {
    setBusy('void');
    try {
      await send(`/shipments/${s.id}/void`);
      open?.({ type: 'success', message: `Label ${s.tracking_number} voided`, description: 'The carrier refunds the postage.' });
      onChanged();
    } catch (e) {
      open?.({ type: 'error', message: 'Could not void the label', description: finalMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space size={4}>
      <Button size="small" icon={<PrinterOutlined />} loading={busy === 'print'} onClick={print} aria-label={`Print label ${s.tracking_number}`}>
        Print
      </Button>
      {s.status !== 'voided' && (
        <CommandGate command={fulfillmentModule.commands.voidLabel}>
          <Tooltip title={refusal ?? undefined}>
            <Popconfirm
              title={`Void label ${s.tracking_number}?`}
              description="The label can no longer be used; the postage is refunded."
              okText="Void label"
              okButtonProps={{ danger: true }}
              onConfirm={doVoid}
              disabled={!!refusal}
            >
              <Button size="small" danger icon={<StopOutlined />} disabled={!!refusal} loading={busy === 'void'} aria-label={`Void label ${s.tracking_number}`}>
                Void
              </Button>
            </Popconfirm>
          </Tooltip>
        </CommandGate>
      )}
    </Space>
  );
}
