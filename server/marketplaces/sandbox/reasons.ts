/** What each sandbox marketplace answers when it refuses a listing, worded as the real ones do. */
import type { MarketplaceKind } from '../../../contract/marketplaces';

export const MISSING_IMAGE: Record<MarketplaceKind, string> = {
  amazon: 'Amazon error 8541: the listing has no main image. Add a product image and submit again.',
  ebay: 'eBay error 21919137: at least one picture is required for this category. Add a product image and relist.',
  walmart: 'Walmart item error: "mainImageUrl" is required. Add a product image and resubmit the item.',
  shopify: 'Shopify: the product has no media. Add a product image before publishing to this channel.',
};

export const OUTAGE_MESSAGE = 'Sandbox marketplace unavailable (outage switch on): 503 Service Unavailable';
