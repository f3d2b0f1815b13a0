/**
 * The shipping label as a PDF (docs/dropshipping.md "Labels"): a 4 × 6 in page with the carrier and
 * service, ship-from and ship-to, the tracking number and its Code 128 barcode. Drawn with pdfkit,
 * the barcode rendered by bwip-js; the same shipment always gives the same page content. Both are
 * loaded at the first label, not at start: pdfkit alone took ~0.25 s of every start
 * (docs/performance.md "Start time").
 */
import { CARRIER_LABEL, type Carrier } from '../../contract/fulfillment';
import { countryName } from '../../contract/countries';
import { addressLines, type ShipTo } from '../../contract/addresses';

export interface LabelData {
  carrier: Carrier;
  service: string;
  trackingNumber: string;
  orderId: string;
  direction: 'outbound' | 'return';
  weightGrams: number;
  /** the ship-from country */
  shipFrom: string;
  /** a return label's FROM: the customer's address; on an outbound label the store's name (docs/settings.md "Store profile"), shipped from the supplier's warehouse */
  shipFromAddress?: Partial<ShipTo> | null;
  shipToCountry: string;
  shipTo: Partial<ShipTo> | null;
  boughtAt: Date;
  voided: boolean;
}

/**
 * The label's FROM and SHIP TO lines (docs/dropshipping.md "Labels"): an outbound label comes from the
 * store (its name, when the label carries it) c/o the supplier's warehouse in its country and goes to
 * the order's full address; a return label comes from the customer's full address and goes to the
 * store profile's address (docs/settings.md "Store profile"), else the store's name in the return country.
 */
export function labelAddresses(l: Pick<LabelData, 'direction' | 'shipFrom' | 'shipFromAddress' | 'shipToCountry' | 'shipTo'>): { from: string[]; to: string[] } {
  const from = l.direction === 'return'
    ? l.shipFromAddress ? addressLines({ ...l.shipFromAddress, country: l.shipFromAddress.country ?? l.shipFrom }) : [`Customer, ${countryName(l.shipFrom) ?? l.shipFrom}`]
    : [...(l.shipFromAddress?.name ? [l.shipFromAddress.name] : []), `${l.shipFromAddress?.name ? 'c/o ' : ''}Supplier warehouse, ${countryName(l.shipFrom) ?? l.shipFrom}`];
  return { from, to: addressLines({ ...(l.shipTo ?? {}), country: l.shipToCountry }) };
}

const importDrawing = () => Promise.all([import('pdfkit').then((m) => m.default), import('bwip-js/node').then((m) => m.default)]);
let drawing: ReturnType<typeof importDrawing> | undefined;
const loadDrawing = () =>
  (drawing ??= importDrawing().catch((e) => {
    drawing = undefined;
    throw e;
  }));

export async function labelPdf(l: LabelData): Promise<Buffer> {
  const [PDFDocument, bwipjs] = await loadDrawing();
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: l.trackingNumber, scale: 2, height: 14, includetext: false });
  const doc = new PDFDocument({ size: [288, 432], margin: 16, info: { Title: `${CARRIER_LABEL[l.carrier]} label ${l.trackingNumber}`, CreationDate: l.boughtAt } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(22).text(CARRIER_LABEL[l.carrier], 16, 16);
  doc.fontSize(11).text(l.service.replace(/_/g, ' ').toUpperCase(), 16, 42);
  doc.font('Helvetica').fontSize(8).text(`${(l.weightGrams / 1000).toFixed(2)} kg · ${l.boughtAt.toISOString().slice(0, 10)}`, 16, 58);
  doc.moveTo(16, 74).lineTo(272, 74).stroke();
  const { from, to } = labelAddresses(l);
  // FROM takes up to six short lines (a return's customer address), SHIP TO the larger type below it;
  // a line too long for its box is cut with an ellipsis rather than run into the next block
  doc.fontSize(7).text('FROM', 16, 80).fontSize(8).text(from.join('\n'), 16, 89, { width: 256, height: 56, ellipsis: true });
  doc.fontSize(7).text('SHIP TO', 16, 146).font('Helvetica-Bold').fontSize(12).text(to.join('\n'), 16, 156, { width: 256, height: 78, ellipsis: true });
  doc.moveTo(16, 236).lineTo(272, 236).stroke();
  doc.font('Helvetica').fontSize(8).text('TRACKING #', 16, 246).font('Helvetica-Bold').fontSize(12).text(l.trackingNumber, 16, 258);
  doc.image(barcode, 16, 282, { width: 256, height: 70 });
  doc.font('Helvetica').fontSize(8).text(`Order ${l.orderId}${l.direction === 'return' ? ' · RETURN' : ''}`, 16, 364);
  if (l.voided) doc.font('Helvetica-Bold').fontSize(40).fillColor('red').text('VOID', 16, 180, { width: 256, align: 'center' });
  doc.end();
  return done;
}
