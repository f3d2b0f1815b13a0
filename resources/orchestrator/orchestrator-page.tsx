/** /orchestrator — AI Orchestrator (docs/product/routes-and-roles.md). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function OrchestratorPage() {
  return <LaterRelease title="AI Orchestrator" description="Chat with the automation assistant: ask it to reprice, route orders or link a marketplace." />;
}
