/**
 * Flags follow a switch live (docs/settings.md "Feature flags"): `flags.updated` on the tab's stream
 * (the `flags` resource channel) makes the flag provider read `GET /flags` again, so an open tab
 * hides or shows a flagged feature without a reload. Renders nothing.
 */
import { useSubscription } from '@refinedev/core';
import { resourceChannel } from '../../contract/events';
import { useFlags } from './flags-provider';

const FLAGS = resourceChannel('flags');

export function FlagsLive() {
  const { reload } = useFlags();
  useSubscription({ channel: FLAGS, types: ['*'], onLiveEvent: () => void reload() });
  return null;
}
