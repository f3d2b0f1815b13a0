/**
 * Refine's antd notifications without technical residue (docs/api-client.md "Errors the user sees").
 * Refine titles a failed call "Error (status code: 500)" or "Error when updating product (status
 * code: 500)" and prints the error's message; the data provider already makes that message the
 * catalogue's sentence, and this wrapper turns the title into words: "Could not update product".
 * A stray "Failed to fetch" (a call outside the data provider) becomes the catalogue's network text.
 */
// @refinedev/antd's provider, without pulling that whole package into the shell (docs/performance.md "Delivery")
import { useAntdNotificationProvider } from '../src/shell/antd-notifications';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { MESSAGES } from '../contract/constants';

const TITLES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^Error when updating (.+?) \(status code: .*\)$/, (m) => `Could not update ${m[1]}`],
  [/^Error when deleting (.+?) \(status code: .*\)$/, (m) => `Could not delete ${m[1]}`],
  [/^There was an error creating (.+?) \(status code: .*\)?$/, (m) => `Could not create ${m[1]}`],
  [/^Error \(status code: .*\)$/, () => 'Something went wrong'],
];

export function cleanTitle(message: string): string {
  for (const [re, to] of TITLES) {
    const m = message.match(re);
    if (m) return to(m);
  }
  return message.replace(/\s*\(status code: [^)]*\)?/g, '');
}

export function cleanDescription(description: string | undefined): string | undefined {
  if (description === undefined) return undefined;
  if (/^(failed to fetch|networkerror|load failed|network request failed)/i.test(description.trim())) return MESSAGES.network;
  return description.replace(/\s*\(status code: [^)]*\)/g, '');
}

/** Refine's own success titles ("Successfully created product") in the console's words: "Product created". */
const SUCCESS_TITLES: [RegExp, string][] = [
  [/^Successfully created (.+)$/, 'created'],
  [/^Successfully updated (.+)$/, 'saved'],
  [/^Successfully deleted (.+)$/, 'deleted'],
];

export function successTitle(message: string): string {
  for (const [re, verb] of SUCCESS_TITLES) {
    const m = message.match(re);
    if (m) return `${m[1].charAt(0).toUpperCase()}${m[1].slice(1)} ${verb}`;
  }
  return message;
}

export function cleanNotification(p: OpenNotificationParams): OpenNotificationParams {
  // Refine's own success notices describe themselves as "Success" / "Successful" under a message
  // that says it all, and word that message as a log line
  if (p.type === 'success') {
    const description = p.description === 'Success' || p.description === 'Successful' ? undefined : p.description;
    return { ...p, message: successTitle(p.message), description };
  }
  if (p.type !== 'error') return p;
  return { ...p, message: cleanTitle(p.message), description: cleanDescription(p.description) };
}

/** For `<Refine notificationProvider={useNotificationProvider}>`. */
export function useNotificationProvider(): NotificationProvider {
  const antd = useAntdNotificationProvider();
  return { ...antd, open: (p) => antd.open(cleanNotification(p)) };
}
