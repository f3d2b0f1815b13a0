import { describe, expect, it } from 'vitest';
import { CSRF_STORAGE_KEY, createApiClient, createCsrfStore } from '../../providers/api';
import { fakeDeps, json, memoryStorage, T0 } from './api-fakes';

const DAY = 24 * 60 * 60 * 1000;

describe('CSRF token store (docs/product/shell.md, docs/product/constants.md: 24 h)', () => {
  it('keeps a token for 24 h and clears it once expired', () => {
    const clock = { now: T0 };
    const storage = memoryStorage();
    const csrf = createCsrfStore(storage, () => clock.now);
    csrf.set('tok');
    clock.now = T0 + DAY - 1;
    expect(csrf.get()).toBe('tok');
    clock.now = T0 + DAY;
    expect(csrf.get()).toBeNull();
    expect(storage.getItem(CSRF_STORAGE_KEY)).toBeNull();
  });

  it("expires earlier when the server's expires_at is sooner, never later than 24 h", () => {
    const clock = { now: T0 };
    const csrf = createCsrfStore(memoryStorage(), () => clock.now);
    csrf.set('short', new Date(T0 + 60_000).toISOString());
    clock.now = T0 + 60_000;
    expect(csrf.get()).toBeNull();
    clock.now = T0;
    csrf.set('long', new Date(T0 + 7 * DAY).toISOString());
    clock.now = T0 + DAY;
    expect(csrf.get()).toBeNull();
  });

  it('clears an unreadable stored value', () => {
    const storage = memoryStorage();
    storage.setItem(CSRF_STORAGE_KEY, '{not json');
    expect(createCsrfStore(storage, () => T0).get()).toBeNull();
    expect(storage.getItem(CSRF_STORAGE_KEY)).toBeNull();
  });

  it('survives a reload: a new store reads the stored token', () => {
    const storage = memoryStorage();
    createCsrfStore(storage, () => T0).set('persisted');
    expect(createCsrfStore(storage, () => T0 + 1000).get()).toBe('persisted');
  });
});

describe('the client and an expired CSRF token', () => {
  it('fetches a new token before the next non-GET once the stored one expired', async () => {
    const f = fakeDeps();
    f.storage.setItem(CSRF_STORAGE_KEY, JSON.stringify({ token: 'old', expiresAt: T0 - 1 }));
    f.replies.push(json({ token: 'new' }), json({}));
    await createApiClient(f.deps).put('/flags/enableBetaFeatures', { value: true });
    expect(f.calls[0].url).toBe('https://console.test/api/csrf');
    expect(f.calls[1].headers['X-CSRF-Token']).toBe('new');
  });
});
