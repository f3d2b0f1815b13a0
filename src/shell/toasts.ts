/**
 * Toast placement and limits — docs/product/shell.md (top-right), docs/product/architecture.md §7 / contract TOASTS (auto-close
 * 4000 ms, at most 3 visible). Passed to antd's `<App notification={…} message={…}>`, so every
 * toast of the console (ours and Refine's notification provider) obeys them.
 */
import type { NotificationConfig } from 'antd/es/notification/interface';
import type { ConfigOptions as MessageConfig } from 'antd/es/message/interface';
import { TOASTS } from '../../contract/constants';

/** Where toasts start: under the sticky top bar (60 px) with the antd default's 12 px of room. */
export const TOAST_TOP_PX = 72;

export const notificationConfig: NotificationConfig = {
  placement: 'topRight',
  // below the 60 px top bar: a toast never covers Diagnostics or Sign out (docs/shell.md "Toasts")
  top: TOAST_TOP_PX,
  duration: TOASTS.autoCloseMs / 1000,
  maxCount: TOASTS.maxVisible,
  // stacking would fold toasts together; the catalogue counts visible ones
  stack: false,
};

export const messageConfig: MessageConfig = {
  duration: TOASTS.autoCloseMs / 1000,
  maxCount: TOASTS.maxVisible,
};
