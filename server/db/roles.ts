/** The non-superuser role the server runs as, so row-level security applies (DESIGN §8). */
export const APP_ROLE = 'seller_app';
