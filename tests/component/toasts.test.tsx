// @vitest-environment jsdom
/** docs/product/shell.md, docs/product/architecture.md §7: toasts top-right, auto-close after 4000 ms, at most 3 on screen. */
import { act, cleanup, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOASTS } from '../../contract/constants';
import { messageConfig, notificationConfig } from '../../src/shell/toasts';
import { installDomShims } from './support/dom-shims';

function Burst({ count }: { count: number }) {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    for (let i = 1; i <= count; i++) notification.info({ message: `Toast ${i}` });
  }, [count, notification]);
  return null;
}

afterEach(cleanup);

describe('toasts', () => {
  it('are configured top-right, 4 s, 3 at most', () => {
    expect(TOASTS).toEqual({ autoCloseMs: 4000, maxVisible: 3 });
    expect(notificationConfig).toMatchObject({ placement: 'topRight', duration: 4, maxCount: 3 });
    expect(messageConfig).toMatchObject({ duration: 4, maxCount: 3 });
  });

  it('show only the newest 3 of a burst, in the top-right corner', async () => {
    installDomShims({ width: 1440 });
    render(
      <AntApp notification={notificationConfig}>
        <Burst count={5} />
      </AntApp>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    const notices = Array.from(document.querySelectorAll('.ant-notification-notice-message')).map((n) => n.textContent);
    expect(notices).toHaveLength(3);
    expect(notices).toEqual(expect.arrayContaining(['Toast 3', 'Toast 4', 'Toast 5']));
    expect(document.querySelector('.ant-notification-topRight')).not.toBeNull();
  });
});
