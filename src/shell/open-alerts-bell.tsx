/**
 * The top bar's open alerts (docs/alerts.md "Top bar"): a bell linking to /work with the number of
 * unresolved alerts (GET /alerts/summary `open`), refreshed by the alerts and DLQ live channels (one
 * refetch per burst). The top bar is on every first page: antd's Badge, a link and the bell the
 * menu already loads, nothing else (docs/performance.md "Delivery").
 */
import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { CountPill } from './status-dot';
import { useCustom, useSubscription } from '@refinedev/core';
import type { AlertSummary } from '../../contract/alerts';
import { resourceChannel } from '../../contract/events';
import { useCoalesced } from '../../resources/shared/use-coalesced';

const ALERTS = resourceChannel('alerts');
const DLQ = resourceChannel('dlq');

/** Refetches on every alert and dead-letter event, once per burst (the top bar, the dashboard's alert cards). */
export function useAlertsRefetch(refetch: () => unknown) {
  const again = useCoalesced(() => void refetch());
  useSubscription({ channel: ALERTS, types: ['*'], onLiveEvent: again });
  useSubscription({ channel: DLQ, types: ['*'], onLiveEvent: again });
}

/** The bell with the open-alert count; without a number while it loads or when the count cannot be read. */
export function OpenAlertsBell() {
  const { query } = useCustom<{ data: AlertSummary }>({ url: '/alerts/summary', method: 'get', errorNotification: false });
  useAlertsRefetch(query.refetch);
  const open = query.data?.data.data?.open;
  return (
    <Link
      to="/work"
      className="shell-bell"
      aria-label={open === undefined ? 'Open alerts' : `Open alerts: ${open}`}
      title="Alerts and Work Queue"
    >
      <BellOutlined aria-hidden="true" />
      <CountPill count={open ?? 0} max={99} />
    </Link>
  );
}
