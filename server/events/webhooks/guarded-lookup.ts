/**
 * Connect-time address check for webhook deliveries: a `lookup` for node:http(s) that resolves the
 * name, judges every address it got (address-policy.ts) and hands the socket only addresses that
 * passed. The socket connects to exactly the address that was checked, so a name that answers a
 * public address to a first query and 127.0.0.1 to the next (DNS rebinding) cannot reach inside.
 * A name with any forbidden address is refused outright rather than filtered: a split answer is
 * itself a sign of rebinding.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { judgeAddress } from './address-policy';

export interface ResolvedAddress { address: string; family: number }
/** Resolves a host name to all its addresses (injectable for tests). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKREFUSED';
}

export function guardedLookup(resolver: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new Error(`cannot resolve ${hostname}`);
        for (const a of addresses) {
          const v = judgeAddress(a.address, allowPrivate);
          if (!v.ok) throw new RefusedAddressError(`refused: ${hostname} resolves to ${v.reason.replace(/^address /, '')}`);
        }
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) throw new Error(`cannot resolve ${hostname} to IPv${options.family}`);
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      })
      .catch((e: NodeJS.ErrnoException) => callback(e, '', 0));
  };
}
