/** Reading product images (docs/marketplaces.md "Product images"). */
import type { Tx } from '../../db';
import type { ProductImage } from '../../../contract/images';

export const IMAGE_COLUMNS = 'id, product_id, variant_id, url, alt, position, content_type, size_bytes, storage_key, created_at';

export interface ImageRow {
  id: string; product_id: string; variant_id: string | null; url: string; alt: string | null; position: number;
  content_type: string | null; size_bytes: number | null; storage_key: string | null; created_at: Date | string;
}

export function mapImage(r: ImageRow): ProductImage {
  return {
    id: r.id,
    product_id: r.product_id,
    variant_id: r.variant_id,
    url: r.url,
    alt: r.alt,
    position: Number(r.position),
    content_type: r.content_type,
    size_bytes: r.size_bytes === null ? null : Number(r.size_bytes),
    uploaded: r.storage_key !== null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function getImage(tx: Tx, tenantId: string, id: string): Promise<ImageRow | null> {
  const { rows } = await tx.query<ImageRow>(`select ${IMAGE_COLUMNS} from product_images where tenant_id = $1 and id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

export async function listImages(tx: Tx, tenantId: string, productId: string): Promise<ImageRow[]> {
  const { rows } = await tx.query<ImageRow>(
    `select ${IMAGE_COLUMNS} from product_images where tenant_id = $1 and product_id = $2 order by (variant_id is not null), position, created_at, id`,
    [tenantId, productId],
  );
  return rows;
}

/** Listings of the product that are on a marketplace: pushed again so they carry the new images. */
export async function listingsToRepush(tx: Tx, tenantId: string, productId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from listings where tenant_id = $1 and product_id = $2 and status in ('active', 'paused', 'error')`,
    [tenantId, productId],
  );
  return rows.map((r) => r.id);
}
