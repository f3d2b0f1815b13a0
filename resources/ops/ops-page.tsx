/** /ops — Ops Console (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function OpsPage() {
  return <LaterRelease title="Ops Console" description="Operations overview of the automation platform: consumers, lag and failures." />;
}
