/** The agents' page commands (docs/agents.md "Console"): plain data, declared in index.ts and used by the page's buttons. */
import type { PageCommand } from '../../src/lib/registry';

export const AGENT_COMMANDS = {
  pauseAgent: { label: 'Pause', resource: 'agents', action: 'manage', call: 'POST /agents/:name/pause' },
  resumeAgent: { label: 'Resume', resource: 'agents', action: 'manage', call: 'POST /agents/:name/resume' },
  saveAgentSettings: { label: 'Save settings', resource: 'agents', action: 'manage', call: 'PUT /agents/:name/settings' },
} as const satisfies Record<string, PageCommand>;
