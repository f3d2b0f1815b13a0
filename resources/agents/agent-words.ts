/** The agents' words on /agents (docs/agents.md "Console"): statuses, run states and triggers as the seller reads them. */
import type { AgentRow, AgentRun } from '../../contract/agents';

export const STATUS_WORDS: Record<AgentRow['status'], { label: string; color?: string }> = {
  healthy: { label: 'Healthy', color: 'success' },
  degraded: { label: 'Degraded', color: 'warning' },
  offline: { label: 'Offline', color: 'error' },
  not_reporting: { label: 'Not reporting yet' },
  paused: { label: 'Paused', color: 'default' },
};

export const RUN_WORDS: Record<AgentRun['status'], { label: string; color?: string }> = {
  queued: { label: 'Waiting to start', color: 'processing' },
  running: { label: 'Running', color: 'processing' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export const TRIGGER_WORDS: Record<AgentRun['trigger'], string> = {
  manual: 'Run now',
  schedule: 'Schedule',
  event: 'Marketplace tick',
  resume: 'Catch-up after resume',
};

/** "1.2 s", "850 ms", "2 min 5 s". */
export function runDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${Math.round(s * 10) / 10} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** The run's figures in a line: "variants 120 · reorder now 4". */
export function outputsLine(outputs: Record<string, unknown> | null): string {
  if (!outputs) return '—';
  return Object.entries(outputs)
    .filter(([, v]) => typeof v === 'number')
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${String(v)}`)
    .join(' · ');
}

/** The API names of the agents the page manages, by their declaration's id. */
export const MANAGED: Readonly<Record<string, AgentRow['name']>> = {
  'demand-forecasting': 'demand',
  'competitor-monitor': 'competitor',
  'pricing-intelligence': 'pricing',
};
