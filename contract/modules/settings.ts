/** The settings' live row (docs/settings.md): `settings.*` refreshes the `settings` resource in open consoles. */
import { liveRoute } from '../events';

export const settingsLive = [liveRoute('settings', 'JOBS', 'settings')] as const;
