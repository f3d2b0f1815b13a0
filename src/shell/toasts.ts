/**
 * Toast placement and limits — docs/product/shell.md (top-right), docs/product/architecture.md §7 / contract TOASTS (auto-close
 * 4000 ms, at most 3 visible). Passed to antd's `<App notification={…} message={…}>`, so every
 * toast of the console (ours and Refine's notification provider) obeys them.
 */
import type { NotificationConfig } from 'antd/es/notification/interface';
import type { ConfigOptions as MessageConfig } from 'antd/es/message/interface';
import { TOASTS } from '../../contract/constants';

export const notificationConfig: NotificationConfig = {
  placement: 'topRight',
  duration: TOASTS.autoCloseMs / 1000,
  maxCount: TOASTS.maxVisible,
  // stacking would fold toasts together; the catalogue counts visible ones
  stack: false,
};

export const messageConfig: MessageConfig = {
  duration: TOASTS.autoCloseMs / 1000,
  maxCount: TOASTS.maxVisible,
};
