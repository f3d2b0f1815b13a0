/**
 * An answer that is already JSON text (a list page the database wrote as JSON): the route kit sends
 * it as it is, without parsing or serializing it again (docs/performance.md).
 */
export class RawJson {
  constructor(readonly text: string) {}
}
