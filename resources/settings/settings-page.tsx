/** /settings — Settings (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function SettingsPage() {
  return <LaterRelease title="Settings" description="Store settings, users and billing." />;
}
