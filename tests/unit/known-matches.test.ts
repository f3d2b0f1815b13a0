/**
 * What an embedded consumer may skip (docs/events.md "Consumers", "Quiet windows"): only windows
 * the tail saw, joined to what is known, and only when every matching subject's sequences are listed.
 */
import { describe, expect, it } from 'vitest';
import { KnownMatches } from '../../server/events/known-matches';
import { compileMatcher } from '../../server/events/subjects';

const win = (after: number, subjects: Record<string, number[] | null>) => ({ after, subjects: new Map(Object.entries(subjects)) });
const known = () => new KnownMatches(compileMatcher(['orders.created', 'marketplaces.ticked']));

describe('KnownMatches', () => {
  it('passes a window of other subjects: nothing to claim, the consumer stands at its end', () => {
    const k = known();
    k.learn(win(10, { 'fulfillment.po_placed': null, 'orders.status_changed': null }), 500, 10);
    expect(k.idleTo(10)).toBe(500);
    expect(k.plan(10, 200)).toEqual({ seqs: [], to: 500 });
  });

  it('claims the listed matches of sparse subjects, in order, and stops a full claim at its last', () => {
    const k = known();
    k.learn(win(10, { 'marketplaces.ticked': [40, 12], 'orders.status_changed': null }), 100, 10);
    k.learn(win(100, { 'orders.created': [150, 160, 170] }), 200, 10);
    expect(k.idleTo(10)).toBe(10); // matches are waiting: not idle
    expect(k.plan(10, 200)).toEqual({ seqs: [12, 40, 150, 160, 170], to: 200 });
    expect(k.plan(10, 2)).toEqual({ seqs: [12, 40], to: 40 });
    expect(k.plan(40, 2)).toEqual({ seqs: [150, 160], to: 160 });
    expect(k.plan(170, 2)).toEqual({ seqs: [], to: 200 });
    expect(k.idleTo(170)).toBe(200);
  });

  it('knows nothing past a window with too many of a matching subject to list: the consumer scans', () => {
    const k = known();
    k.learn(win(10, { 'orders.status_changed': null }), 100, 10);
    k.learn(win(100, { 'orders.created': null }), 300, 10);
    k.learn(win(300, { 'orders.status_changed': null }), 400, 10);
    // known quiet up to 100; (100, 300] holds unlisted matches, so nothing after 100 is trusted
    expect(k.plan(10, 200)).toEqual({ seqs: [], to: 100 });
    expect(k.idleTo(10)).toBe(100);
    expect(k.plan(100, 200)).toBeNull();
    expect(k.idleTo(100)).toBe(100);
  });

  it('never trusts a window that leaves a stretch unseen, and forgets what a scan went past', () => {
    const k = known();
    k.learn(win(50, { 'orders.status_changed': null }), 80, 10); // (10, 50] unseen
    expect(k.plan(10, 200)).toBeNull();
    expect(k.idleTo(10)).toBe(10);
    // the scan got to 120; the next window joins there, and its part before 120 is not claimed again
    k.learn(win(100, { 'orders.created': [110, 130] }), 140, 120);
    expect(k.plan(120, 200)).toEqual({ seqs: [130], to: 140 });
    // a scan past the knowledge: what was known no longer says anything
    expect(k.plan(150, 200)).toBeNull();
    expect(k.idleTo(150)).toBe(150);
  });
});
