/** pg's own escaping helpers (pg/lib/utils.js), loaded without the rest of the driver (server/db/inline.ts). */
declare module 'pg/lib/utils.js' {
  const utils: { escapeLiteral(value: string): string; escapeIdentifier(value: string): string };
  export default utils;
}
