/**
 * An answer that is already JSON text (a list page the database wrote as JSON): the route kit sends
 * it as it is, without parsing or serializing it again (docs/performance.md).
 *
 * `T` is the answer the text stands for: a route that declares `answer` (server/api/kit.ts) may
 * return a `RawJson<A>` instead of `A`. The compiler cannot read SQL, so the type is the writer's
 * word; tests/server/answers.test.ts parses the text against the route's answer schema.
 */
export class RawJson<T = unknown> {
  /** Compile-time only (never set): ties the text to the answer type it stands for. */
  declare readonly answer?: T;
  constructor(readonly text: string) {}
}
