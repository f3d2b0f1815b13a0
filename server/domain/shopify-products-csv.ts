/**
 * Shopify product CSV — docs/commerce.md Reads Shopify's product export (one row per variant, product fields
 * on the handle's first row, image-only rows skipped) into products with variants, reporting every bad
 * row; writes the same layout, so an export re-imports to the same data. Product SKU = upper-case handle.
 */
import { MONEY_MAX, STOCK_MAX, WEIGHT_MAX } from '../../contract/fields';
import { missingColumns, openDelimited, parseMoney, parseWhole, tooLarge, tooLong, type CsvInput, type ReadProgress, type RowError } from './csv';

export const SHOPIFY_COLUMNS = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Published',
  'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value',
  'Variant SKU', 'Variant Grams', 'Variant Inventory Qty', 'Variant Price', 'Variant Compare At Price',
  'Cost per item', 'Status', 'Image Src', 'Image Position', 'Image Alt Text', 'Variant Image',
] as const;
/** Image URLs are kept as given, up to this length, http(s) only (docs/marketplaces.md "Product images"). */
const IMAGE_URL_MAX = 2048;
const isImageUrl = (s: string) => /^https?:\/\/[^\s]+$/i.test(s);
const REQUIRED = ['Handle', 'Title', 'Variant SKU', 'Variant Price'] as const;
const STATUSES = ['active', 'draft', 'archived'] as const;
const MAX_VARIANTS = 250;

export interface ShopifyVariant {
  row: number;
  sku: string;
  price: number;
  compare_at_price: number | null;
  cost: number | null;
  stock: number;
  weight: number | null;
  option1_name: string | null; option1_value: string | null;
  option2_name: string | null; option2_value: string | null;
  option3_name: string | null; option3_value: string | null;
  /** Variant Image: the variant's own picture. */
  image?: string | null;
}

export interface ShopifyImage { src: string; position: number; alt: string | null }

export interface ShopifyProduct {
  row: number;
  handle: string;
  sku: string;
  title: string;
  description: string | null;
  vendor: string | null;
  product_type: string | null;
  tags: string | null;
  status: (typeof STATUSES)[number];
  variants: ShopifyVariant[];
  /** Image Src / Image Position / Image Alt Text of every row of the handle (image-only rows too). */
  images: ShopifyImage[];
}

/** `hasImages`: the file has image columns, so its images replace the products' images. */
export interface ShopifyParse { products: ShopifyProduct[]; errors: RowError[]; rowsTotal: number; hasImages: boolean }

const orNull = (s: string) => (s === '' ? null : s);

/** Reads and validates the whole file as a stream of rows; `onProgress` follows the rows read. */
export async function parseShopifyProducts(input: CsvInput, onProgress?: (p: ReadProgress) => void): Promise<ShopifyParse> {
  const file = await openDelimited(input);
  const errors: RowError[] = missingColumns(file.header, REQUIRED);
  // a header without the required columns: count the rows for the report, check none of them
  const headerBad = errors.length > 0;
  const byHandle = new Map<string, ShopifyProduct>();
  const optionNames = new Map<string, (string | null)[]>();
  const skuRow = new Map<string, number>();
  const rowsTotal = await file.each(errors, (r) => {
    if (headerBad) return;
    const err = (column: string, reason: string) => errors.push({ row: r.row, column, reason });
    const handle = r.get('Handle').toLowerCase();
    if (!handle) {
      err('Handle', 'Required');
      return;
    }
    if (handle.length > 255) err('Handle', 'Longer than 255 characters');
    let product = byHandle.get(handle);
    if (!product) {
      const title = r.get('Title');
      if (!title) err('Title', 'Required on the first row of a product');
      const statusText = r.get('Status').toLowerCase();
      let status: ShopifyProduct['status'] = r.get('Published').toLowerCase() === 'false' ? 'draft' : 'active';
      if (statusText) {
        if ((STATUSES as readonly string[]).includes(statusText)) status = statusText as ShopifyProduct['status'];
        else err('Status', 'Must be active, draft or archived');
      }
      // the columns' own limits (the product form's): a longer cell is a row error, not a database error
      for (const [column, max] of [['Vendor', 255], ['Type', 255], ['Tags', 1000], ['Option1 Name', 100], ['Option2 Name', 100], ['Option3 Name', 100]] as const) {
        const long = tooLong(r.get(column), max);
        if (long) err(column, long);
      }
      product = {
        row: r.row, handle, sku: handle.toUpperCase(), title: title.slice(0, 255), description: orNull(r.get('Body (HTML)')),
        vendor: orNull(r.get('Vendor')), product_type: orNull(r.get('Type')), tags: orNull(r.get('Tags')), status, variants: [], images: [],
      };
      byHandle.set(handle, product);
      optionNames.set(handle, [orNull(r.get('Option1 Name')), orNull(r.get('Option2 Name')), orNull(r.get('Option3 Name'))]);
    }
    const names = optionNames.get(handle)!;
    const src = r.get('Image Src');
    if (src !== '') {
      const posText = r.get('Image Position');
      const pos = posText === '' ? product.images.length + 1 : parseWhole(posText);
      const alt = r.get('Image Alt Text');
      if (src.length > IMAGE_URL_MAX || !isImageUrl(src)) err('Image Src', 'Must be an http(s) URL of at most 2048 characters');
      else if (pos === null || pos < 1 || pos > 1000) err('Image Position', 'Must be a whole number from 1 to 1000');
      else if (alt.length > 512) err('Image Alt Text', tooLong(alt, 512)!);
      else product.images.push({ src, position: pos, alt: orNull(alt) });
    }
    const sku = r.get('Variant SKU');
    const priceText = r.get('Variant Price');
    const isVariant = sku !== '' || priceText !== '' || r.get('Option1 Value') !== '';
    if (!isVariant) return; // image-only row
    if (!sku) err('Variant SKU', 'Required');
    else if (sku.length > 100) err('Variant SKU', 'Longer than 100 characters');
    else if (skuRow.has(sku.toUpperCase())) err('Variant SKU', `Duplicate SKU (also on row ${skuRow.get(sku.toUpperCase())})`);
    else skuRow.set(sku.toUpperCase(), r.row);
    const price = parseMoney(priceText);
    if (priceText === '') err('Variant Price', 'Required');
    else if (price === null || price < 0) err('Variant Price', 'Must be a number ≥ 0');
    else if (tooLarge(price, MONEY_MAX)) err('Variant Price', tooLarge(price, MONEY_MAX)!);
    const optMoney = (column: string) => {
      const t = r.get(column);
      if (t === '') return null;
      const v = parseMoney(t);
      if (v === null || v < 0) err(column, 'Must be a number ≥ 0');
      else if (tooLarge(v, MONEY_MAX)) err(column, tooLarge(v, MONEY_MAX)!);
      return v;
    };
    const compareAt = optMoney('Variant Compare At Price');
    const cost = optMoney('Cost per item');
    const qtyText = r.get('Variant Inventory Qty');
    const qty = qtyText === '' ? 0 : parseWhole(qtyText);
    if (qty === null) err('Variant Inventory Qty', 'Must be a whole number ≥ 0');
    else if (tooLarge(qty, STOCK_MAX)) err('Variant Inventory Qty', tooLarge(qty, STOCK_MAX)!);
    const gramsText = r.get('Variant Grams');
    const grams = gramsText === '' ? null : Number(gramsText);
    if (grams !== null && (!Number.isFinite(grams) || grams < 0)) err('Variant Grams', 'Must be a number ≥ 0');
    else if (tooLarge(grams, WEIGHT_MAX)) err('Variant Grams', tooLarge(grams, WEIGHT_MAX)!);
    const values = [orNull(r.get('Option1 Value')), orNull(r.get('Option2 Value')), orNull(r.get('Option3 Value'))];
    values.forEach((v, i) => {
      if (v !== null && v.length > 255) err(`Option${i + 1} Value`, tooLong(v, 255)!);
      if (v !== null && names[i] === null) err(`Option${i + 1} Name`, `Option${i + 1} Value given but the product has no Option${i + 1} Name`);
    });
    if (product.variants.length >= MAX_VARIANTS) err('Variant SKU', `More than ${MAX_VARIANTS} variants for ${handle}`);
    const variantImage = r.get('Variant Image');
    if (variantImage !== '' && (variantImage.length > IMAGE_URL_MAX || !isImageUrl(variantImage))) err('Variant Image', 'Must be an http(s) URL of at most 2048 characters');
    product.variants.push({
      image: variantImage === '' ? null : variantImage,
      row: r.row, sku, price: price ?? 0, compare_at_price: compareAt, cost, stock: qty ?? 0, weight: grams,
      option1_name: values[0] === null ? null : names[0], option1_value: values[0],
      option2_name: values[1] === null ? null : names[1], option2_value: values[1],
      option3_name: values[2] === null ? null : names[2], option3_value: values[2],
    });
  }, onProgress);
  const hasImages = file.header.includes('Image Src') || file.header.includes('Variant Image');
  if (headerBad) return { products: [], errors, rowsTotal, hasImages };
  for (const p of byHandle.values()) {
    if (p.variants.length === 0) errors.push({ row: p.row, column: 'Variant SKU', reason: 'Product has no variant row' });
  }
  errors.sort((a, b) => a.row - b.row);
  for (const p of byHandle.values()) p.images.sort((a, b) => a.position - b.position);
  return { products: [...byHandle.values()], errors, rowsTotal, hasImages };
}

export interface ExportProduct {
  handle: string; title: string; description: string | null; vendor: string | null; product_type: string | null;
  tags: string | null; status: string; sku: string; price: number; cost: number | null; stock: number; weight: number | null;
  variants: Omit<ShopifyVariant, 'row'>[];
  images?: ShopifyImage[];
}

/**
 * Shopify layout: product fields on the first row, then one row per further variant; image N rides
 * on row N, and images beyond the variants get image-only rows (Handle and the image columns).
 */
export function shopifyRows(p: ExportProduct): unknown[][] {
  const images = p.images ?? [];
  const img = (i: number) => (images[i] ? [images[i].src, images[i].position, images[i].alt ?? ''] : ['', '', '']);
  const variants = p.variants.length
    ? p.variants
    : [{ sku: p.sku, price: p.price, compare_at_price: null, cost: p.cost, stock: p.stock, weight: p.weight,
        option1_name: null, option1_value: null, option2_name: null, option2_value: null, option3_name: null, option3_value: null }];
  const rows = variants.map((v, i) => {
    const first = i === 0;
    return [
      p.handle, first ? p.title : '', first ? p.description ?? '' : '', first ? p.vendor ?? '' : '', first ? p.product_type ?? '' : '',
      first ? p.tags ?? '' : '', first ? String(p.status === 'active').toUpperCase() : '',
      first ? v.option1_name ?? '' : '', v.option1_value ?? '', first ? v.option2_name ?? '' : '', v.option2_value ?? '',
      first ? v.option3_name ?? '' : '', v.option3_value ?? '',
      v.sku, v.weight ?? '', v.stock, v.price.toFixed(2), v.compare_at_price == null ? '' : v.compare_at_price.toFixed(2),
      v.cost == null ? '' : v.cost.toFixed(2), first ? p.status : '', ...img(i), v.image ?? '',
    ];
  });
  const extra = images.slice(variants.length).map((_, k) => [p.handle, ...Array(SHOPIFY_COLUMNS.length - 5).fill(''), ...img(variants.length + k), '']);
  return [...rows, ...extra];
}
