/**
 * Server-side field errors reach Refine's forms: a 400/409 answer's `errors` map travels on the
 * data provider's rejection as Refine's HttpError `errors` (useForm of @refinedev/antd sets the
 * fields from it), with `statusCode` (docs/api-client.md).
 */
import { describe, expect, it } from 'vitest';
import type { HttpError } from '@refinedev/core';
import { createApiClient } from '../../providers/api';
import { apiErrorFrom } from '../../providers/api/errors';
import { createDataProvider } from '../../providers/data-provider';
import { fakeDeps, json, T0 } from './api-fakes';

function setup() {
  const f = fakeDeps();
  f.storage.setItem('seller-console.csrf', JSON.stringify({ token: 'c', expiresAt: T0 + 60_000 }));
  return { f, dp: createDataProvider(createApiClient(f.deps)) };
}

describe('field errors for forms', () => {
  it('a 400 with errors rejects create with Refine HttpError errors and statusCode', async () => {
    const { f, dp } = setup();
    f.replies.push(
      json(
        {
          message: 'Invalid request body: title: Too small',
          code: 'validation_failed',
          details: [{ field: 'title', message: 'Too small', code: 'too_small' }, { field: 'variants.0.sku', message: 'Required', code: 'invalid_type' }],
          errors: { title: 'Too small', 'variants.0.sku': 'Required' },
          statusCode: 400,
        },
        400,
      ),
    );
    const err = (await dp.create({ resource: 'products', variables: { title: '' } }).catch((e: unknown) => e)) as HttpError;
    expect(err.statusCode).toBe(400);
    expect(err.errors).toEqual({ title: 'Too small', 'variants.0.sku': 'Required' });
  });

  it('a 409 duplicate SKU on update carries errors { sku }', async () => {
    const { f, dp } = setup();
    f.replies.push(
      json({ message: 'SKU A-1 is already used by another product', code: 'sku_taken', details: [{ field: 'sku', message: 'SKU already in use', code: 'sku_taken' }], errors: { sku: 'SKU already in use' }, statusCode: 409 }, 409),
    );
    const err = (await dp.update({ resource: 'products', id: 'p1', variables: { sku: 'A-1' } }).catch((e: unknown) => e)) as HttpError;
    expect(err.statusCode).toBe(409);
    expect(err.errors).toEqual({ sku: 'SKU already in use' });
  });

  it('builds errors from details when an answer has none, and leaves other errors without', () => {
    expect(apiErrorFrom(400, 'Bad Request', { message: 'm', code: 'c', details: [{ field: 'email', message: 'Invalid email' }] }).errors).toEqual({ email: 'Invalid email' });
    expect(apiErrorFrom(404, 'Not Found', { message: 'Product not found', code: 'not_found', details: null }).errors).toBeUndefined();
  });
});
