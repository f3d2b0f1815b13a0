/**
 * What the user reads once a call failed (docs/api-client.md "Errors the user sees"): the data
 * provider's errors, refused list filters, malformed ids, and Refine's notification titles.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, finalMessage, toDisplayError } from '../../providers/api';
import { withoutFields } from '../../providers/api/refused-filters';
import { createDataProvider } from '../../providers/data-provider';
import { cleanNotification } from '../../providers/notification-provider';
import { fakeDeps, json } from './api-fakes';

const refused = (field: string) =>
  new ApiError(400, `Invalid request query: ${field}: Too big`, 'validation_failed', [{ field, message: 'Too big', code: 'too_big' }]);

describe('final messages', () => {
  it('never say "Retrying..." after the retries, never "Failed to fetch"', () => {
    expect(finalMessage(new ApiError(500, 'relation does not exist'))).toBe('Service temporarily unavailable. Please try again.');
    expect(finalMessage(new TypeError('Failed to fetch'))).toBe('Network connection lost. Please check your internet connection.');
    expect(finalMessage(new ApiError(409, 'SKU already exists', 'conflict'))).toBe('SKU already exists');
    const e = toDisplayError(new ApiError(503, 'upstream connect error', 'unavailable', { x: 1 })) as ApiError;
    expect(e).toMatchObject({ status: 503, code: 'unavailable', details: { x: 1 }, message: 'Service temporarily unavailable. Please try again.' });
  });
});

describe('refused list filters', () => {
  it('drops the refused parameters (sort with order) and names them', () => {
    expect(withoutFields(refused('tier'), { tier: '9', search: 'x', limit: 20, offset: 0 })).toEqual({
      query: { search: 'x', limit: 20, offset: 0 },
      dropped: [{ field: 'tier', value: '9' }],
    });
    expect(withoutFields(refused('sort'), { sort: 'bogus', order: 'asc', limit: 20, offset: 0 })?.query).toEqual({ limit: 20, offset: 0 });
  });

  it('leaves other errors alone', () => {
    expect(withoutFields(refused('limit'), { limit: 900, offset: 0 })).toBeNull();
    expect(withoutFields(refused('tier'), { limit: 20, offset: 0 })).toBeNull();
    expect(withoutFields(new ApiError(500, 'x'), { tier: '9' })).toBeNull();
  });

  it('the data provider lists without them, and says which', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'Invalid request query: tier: Too big', code: 'validation_failed', details: [{ field: 'tier', message: 'Too big', code: 'too_big' }] }, 400));
    f.replies.push(json({ data: [{ id: 's1' }], pagination: { total: 1, limit: 20, offset: 0 } }));
    const dp = createDataProvider(createApiClient(f.deps));
    const answer = await dp.getList({ resource: 'suppliers', filters: [{ field: 'tier', operator: 'eq', value: '9' }], pagination: { currentPage: 1, pageSize: 20 } });
    expect(answer).toMatchObject({ data: [{ id: 's1' }], total: 1, invalidFilters: [{ field: 'tier', value: '9' }] });
    expect(f.calls.map((c) => new URL(c.url).search)).toEqual(['?tier=9&limit=20&offset=0', '?limit=20&offset=0']);
  });
});

describe('details', () => {
  it('a malformed id is "<Label> not found"', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'Invalid request params: id: Invalid UUID', code: 'validation_failed', details: [{ field: 'id', message: 'Invalid UUID', code: 'invalid_format' }] }, 400));
    const err = await createDataProvider(createApiClient(f.deps)).getOne({ resource: 'products', id: 'not-a-real-id' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, message: 'Product not found' });
  });
});

describe("Refine's error notifications", () => {
  it('lose the status code and "Failed to fetch"', () => {
    expect(cleanNotification({ type: 'error', message: 'Error when updating product (status code: 500)', description: 'Service temporarily unavailable. Please try again.' })).toMatchObject({
      message: 'Could not update product',
      description: 'Service temporarily unavailable. Please try again.',
    });
    expect(cleanNotification({ type: 'error', message: 'There was an error creating supplier (status code: 409)' }).message).toBe('Could not create supplier');
    expect(cleanNotification({ type: 'error', message: 'Error when deleting webhook (status code: undefined)' }).message).toBe('Could not delete webhook');
    expect(cleanNotification({ type: 'error', message: 'Error (status code: 500)', description: 'Failed to fetch' })).toMatchObject({
      message: 'Something went wrong',
      description: 'Network connection lost. Please check your internet connection.',
    });
    expect(cleanNotification({ type: 'success', message: 'Saved (status code: 200)' }).message).toBe('Saved (status code: 200)');
  });

  it("word Refine's success notices as the console does, without a 'Successful' under them", () => {
    expect(cleanNotification({ type: 'success', message: 'Successfully created product', description: 'Success' })).toEqual({ type: 'success', message: 'Product created', description: undefined });
    expect(cleanNotification({ type: 'success', message: 'Successfully updated supplier', description: 'Successful' })).toEqual({ type: 'success', message: 'Supplier saved', description: undefined });
    expect(cleanNotification({ type: 'success', message: 'Successfully deleted products', description: 'Success' }).message).toBe('Products deleted');
    // the console's own toasts keep their words
    expect(cleanNotification({ type: 'success', message: 'Successfully signed in' }).message).toBe('Successfully signed in');
  });
});
