// Types of build-if-stale.mjs for the TypeScript benches that run the server as `npm start` does.
export function webIsStale(root?: string): { first: boolean; stale: boolean };
export function serverIsStale(root?: string): { first: boolean; stale: boolean };
export function buildIfStale(root?: string): Promise<void>;
export function serverEntry(root?: string): string;
export const SERVER_NODE_FLAGS: readonly string[];
export function serverArgs(root?: string): string[];
