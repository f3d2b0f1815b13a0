// @vitest-environment jsdom
/**
 * A product's images (docs/marketplaces.md "Product images"): an image added by URL is JSON and goes
 * through the data provider (`useCreate` on the product's images path), then the list is read again;
 * the bytes of an upload stay on the API client (docs/api-client.md "One data path").
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { setProfile } from '../../providers/auth/profile-store';
import { ProductImages } from '../../resources/products/product-images';
import { installDomShims } from './support/dom-shims';
import { fakeApi, listOf } from './support/fake-api';
import { renderConsole } from './support/render-console';

const IMAGE = { id: 'i1', product_id: 'p1', url: 'https://cdn.example.com/lamp.jpg', alt: null, position: 1, uploaded: false, created_at: '2026-01-01T00:00:00.000Z' };

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  installDomShims();
});

describe('product images', () => {
  it('adds an image by URL through the data provider and reads the list again', async () => {
    setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 't1', role: 'user' });
    const user = userEvent.setup({ delay: null });
    let added = false;
    const api = fakeApi([
      (c) => (c.method === 'GET' && c.path === '/products/p1/images' ? { body: listOf(added ? [IMAGE] : []) } : undefined),
      (c) => {
        if (c.method !== 'POST' || c.path !== '/products/p1/images') return undefined;
        added = true;
        return { status: 201, body: { data: IMAGE } };
      },
    ]);
    renderConsole({ path: '/products/p1', route: '/products/:id', page: <ProductImages productId="p1" /> });
    await screen.findByText('No images yet: marketplaces refuse listings without one');
    await user.type(screen.getByLabelText('Image URL'), ' https://cdn.example.com/lamp.jpg ');
    await user.click(screen.getByRole('button', { name: 'Add by URL' }));
    await waitFor(() => expect(api.of('POST', '/products/p1/images')).toHaveLength(1));
    expect(api.of('POST', '/products/p1/images')[0].body).toEqual({ url: 'https://cdn.example.com/lamp.jpg' });
    await waitFor(() => expect(api.of('GET', '/products/p1/images').length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByLabelText('Alt text of image 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
  });
});
