/** Opens a return's label PDF in a new tab (through the API client, like every label print). */
import { useState } from 'react';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { finalMessage } from '../../providers/api';
import { openLabel } from '../fulfillment/label-actions';

export function ReturnLabelButton({ shipmentId }: { shipmentId: string }) {
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<PrinterOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await openLabel({ id: shipmentId, tracking_number: 'return' });
        } catch (e) {
          open?.({ type: 'error', message: 'Could not open the return label', description: finalMessage(e) });
        } finally {
          setBusy(false);
        }
      }}
    >
      Print return label
    </Button>
  );
}
