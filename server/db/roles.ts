/** The non-superuser role the server runs as, so row-level security applies (docs/product/architecture.md §8). */
export const APP_ROLE = 'seller_app';
