import { describe, expect, it } from 'vitest';
import { ApiError, categorize, userMessage } from '../../providers/api';
import { apiErrorFrom } from '../../providers/api/errors';

describe('API error (docs/product/data.md, docs/product/errors.md)', () => {
  it('takes the message from the body, else the status text, else the generic text', () => {
    expect(apiErrorFrom(409, 'Conflict', { message: 'SKU taken', code: 'conflict', details: { sku: 'A' } })).toMatchObject({
      status: 409,
      message: 'SKU taken',
      code: 'conflict',
      details: { sku: 'A' },
    });
    expect(apiErrorFrom(404, 'Not Found', null).message).toBe('Not Found');
    expect(apiErrorFrom(404, 'Not Found', { message: '' }).message).toBe('Not Found');
    expect(apiErrorFrom(500, '', 'oops').message).toBe('Request failed with unknown error');
  });

  it('exposes statusCode for Refine', () => {
    expect(new ApiError(422, 'x').statusCode).toBe(422);
  });
});

describe('categories and texts (docs/product/errors.md)', () => {
  const cases: [string, unknown, string, string][] = [
    ['401', new ApiError(401, 'jwt expired'), 'auth', 'Authentication failed. Please sign in again.'],
    // a 403 is a role the action is not open to, not a lost session (docs/decisions.md)
    ['403', new ApiError(403, 'forbidden'), 'forbidden', 'You do not have permission to perform this action'],
    ['403 whatever the server said', new ApiError(403, 'Forbidden'), 'forbidden', 'You do not have permission to perform this action'],
    ['500', new ApiError(500, 'boom'), 'retryable', 'Service temporarily unavailable. Retrying...'],
    ['503', new ApiError(503, 'down'), 'retryable', 'Service temporarily unavailable. Retrying...'],
    ['429', new ApiError(429, 'slow'), 'retryable', 'Service temporarily unavailable. Retrying...'],
    ['400 shows the API message', new ApiError(400, 'Name is required'), 'client', 'Name is required'],
    ['404 shows the API message', new ApiError(404, 'Supplier not found'), 'client', 'Supplier not found'],
    ['fetch TypeError', new TypeError('Failed to fetch'), 'network', 'Network connection lost. Please check your internet connection.'],
    ['network word', new Error('NetworkError when attempting to fetch resource.'), 'network', 'Network connection lost. Please check your internet connection.'],
    ['other Error', new Error('something odd'), 'unknown', 'An unexpected error occurred.'],
    ['not an Error', 'string thrown', 'unknown', 'An unexpected error occurred.'],
  ];
  it.each(cases)('%s', (_name, err, category, text) => {
    expect(categorize(err)).toBe(category);
    expect(userMessage(err)).toBe(text);
  });
});
