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

export interface ProductImage {
  id: string;
  product_id: string;
  variant_id: string | null;
  /** An http(s) URL, or `/api/images/{id}` for an upload. */
  url: string;
  alt: string | null;
  position: number;
  /** Set for uploads. */
  content_type: string | null;
  size_bytes: number | null;
  uploaded: boolean;
  created_at: string;
}

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
