/** Dropshipping rules (docs/dropshipping.md): pure, importing nothing from server/api/. */
export * from './router';
export * from './holds';
export * from './rates';
export * from './rma';
export * from './purchase-order';
