/**
 * Product images on the wire (docs/marketplaces.md "Product images"): an image is a URL or an
 * uploaded file (served at `/api/images/{id}`), with alt text and a position; `variant_id` makes it
 * a variant's own picture. Uploads are raw bodies of an image content type, at most IMAGE_MAX_BYTES.
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { int, optText, text } from './fields';

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** 5 MiB per uploaded image. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_URL_MAX = 2048;
export const IMAGE_ALT_MAX = 512;
export const IMAGE_POSITION_MAX = 250;

/** One image of a product (GET /api/products/{id}/images). */
export const productImage = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  /** An http(s) URL, or `/api/images/{id}` for an upload. */
  url: z.string(),
  alt: z.string().nullable(),
  position: z.number(),
  /** Set for uploads. */
  content_type: z.string().nullable(),
  size_bytes: z.number().nullable(),
  uploaded: z.boolean(),
  created_at: z.string(),
});
export type ProductImage = z.infer<typeof productImage>;

const httpUrl = text({ max: IMAGE_URL_MAX, min: 1 }).refine((u) => /^https?:\/\/[^\s]+$/i.test(u), 'must be an http(s) URL');

export const imageParams = z.object({ id: z.uuid() });
/** Query of an upload (the body is the file itself). */
export const imageUploadQuery = z.object({
  alt: optText(IMAGE_ALT_MAX),
  position: z.coerce.number().int().min(1).max(IMAGE_POSITION_MAX).optional(),
  variant_id: z.uuid().optional(),
});
/** JSON body: an image by URL. */
export const imageByUrl = z.object({
  url: httpUrl,
  alt: optText(IMAGE_ALT_MAX),
  position: int(1, IMAGE_POSITION_MAX).optional(),
  variant_id: z.uuid().nullable().optional(),
});
export const imageUpdate = z
  .object({ alt: optText(IMAGE_ALT_MAX), position: int(1, IMAGE_POSITION_MAX).optional() })
  .refine((v) => v.alt !== undefined || v.position !== undefined, { message: 'Give alt or position' });

export const isImageContentType = (ct: string): ct is ImageContentType => (IMAGE_CONTENT_TYPES as readonly string[]).includes(ct);
