/** Bounded buffer of the newest items (docs/product/constants.md stream buffers). */
export class RingBuffer<T> {
  private items: T[] = [];
  constructor(readonly capacity: number) {}
  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }
  /** Newest first. */
  newest(n = this.capacity): T[] {
    return this.items.slice(-n).reverse();
  }
  get size(): number {
    return this.items.length;
  }
  clear(): void {
    this.items = [];
  }
}
