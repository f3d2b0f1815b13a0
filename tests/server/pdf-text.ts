/**
 * The text lines a pdfkit page draws: its content streams inflated, each `[<hex> kern <hex>] TJ` (the
 * standard fonts write text as WinAnsi hex strings between kerning numbers) read back as one line.
 */
import { inflateSync } from 'node:zlib';

export function pdfLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let text: string;
    try {
      text = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of text.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      lines.push([...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => Buffer.from(x[1], 'hex').toString('latin1')).join(''));
    }
  }
  return lines;
}
