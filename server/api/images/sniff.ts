/** Whether the bytes really are the image type they claim (magic numbers): an upload is never served as something else. */
import type { ImageContentType } from '../../../contract/images';

const ascii = (b: Uint8Array, at: number, s: string) => [...s].every((c, i) => b[at + i] === c.charCodeAt(0));

export function matchesContentType(b: Uint8Array, ct: ImageContentType): boolean {
  switch (ct) {
    case 'image/png':
      return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x);
    case 'image/jpeg':
      return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'image/gif':
      return ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a');
    case 'image/webp':
      return ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP');
    case 'image/avif':
      return ascii(b, 4, 'ftyp') && (ascii(b, 8, 'avif') || ascii(b, 8, 'avis'));
  }
}
