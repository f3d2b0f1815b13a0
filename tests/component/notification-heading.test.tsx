// @vitest-environment jsdom
/**
 * Notifications (docs/product/shell.md "Toasts"): what happened is the heading and the detail sits
 * under it — "Label bought for ORD-1" over "UPS Ground · 1Z…", "Could not update product" over the
 * server's reason; Refine's bare "Success" under a success that says it all is dropped.
 */
import { act, cleanup, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenNotificationParams } from '@refinedev/core';
import { useNotificationProvider } from '../../providers/notification-provider';
import { notificationConfig } from '../../src/shell/toasts';
import { installDomShims } from './support/dom-shims';

function Open({ p }: { p: OpenNotificationParams }) {
  const provider = useNotificationProvider();
  useEffect(() => provider.open?.(p), [provider, p]);
  return null;
}

async function shown(p: OpenNotificationParams) {
  installDomShims({ width: 1440 });
  render(
    <AntApp notification={notificationConfig}>
      <Open p={p} />
    </AntApp>,
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  const text = (sel: string) => document.querySelector(sel)?.textContent ?? null;
  return { heading: text('.ant-notification-notice-message'), detail: text('.ant-notification-notice-description') };
}

afterEach(cleanup);

describe('a notification', () => {
  it('heads with what happened and puts the detail under it', async () => {
    expect(await shown({ type: 'success', message: 'Label bought for ORD-1', description: 'UPS Ground · 1ZSBX0000001' })).toEqual({
      heading: 'Label bought for ORD-1',
      detail: 'UPS Ground · 1ZSBX0000001',
    });
  });

  it("an error heads with what failed, the server's reason under it", async () => {
    expect(await shown({ type: 'error', message: 'Error when updating product (status code: 409)', description: 'The SKU is taken' })).toEqual({
      heading: 'Could not update product',
      detail: 'The SKU is taken',
    });
  });

  it('a message alone is the heading; Refine\'s "Success" under it is dropped and its title worded as ours', async () => {
    expect(await shown({ type: 'success', message: 'Successfully created Product', description: 'Success' })).toEqual({
      heading: 'Product created',
      detail: null,
    });
  });
});
