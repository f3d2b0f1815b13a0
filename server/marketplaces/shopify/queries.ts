/**
 * The Admin GraphQL documents the Shopify connector sends (API version pinned in client.ts), named
 * so a stub, a log or Shopify's own request log shows which one ran.
 */

export const VERIFY = `query ConnectorVerify { shop { name myshopifyDomain } }`;

/** The product as Shopify has it now (null when deleted there) and the shop's primary location. */
export const LISTING_STATE = `query ConnectorListingState($id: ID!) {
  product(id: $id) { id status variants(first: 1) { nodes { id } } }
  location { id }
}`;

export const PRIMARY_LOCATION = `query ConnectorPrimaryLocation { location { id } }`;

/** Creates or updates the product with its one variant (price, SKU, stock) and its images. */
export const PRODUCT_SET = `mutation ConnectorProductSet($input: ProductSetInput!, $synchronous: Boolean!) {
  productSet(input: $input, synchronous: $synchronous) {
    product { id status variants(first: 1) { nodes { id sku price } } }
    userErrors { field message code }
  }
}`;

/** Ends an item: the product is archived (off every sales channel, its history kept). */
export const PRODUCT_ARCHIVE = `mutation ConnectorProductArchive($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id status }
    userErrors { field message }
  }
}`;

export const ORDERS = `query ConnectorOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes {
      id
      name
      createdAt
      updatedAt
      customer { displayName }
      shippingAddress { name address1 address2 city province provinceCode zip countryCodeV2 }
      lineItems(first: 50) {
        nodes { sku quantity product { id } originalUnitPriceSet { shopMoney { amount currencyCode } } }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const FULFILLMENT_ORDERS = `query ConnectorFulfillmentOrders($id: ID!) {
  order(id: $id) { id fulfillmentOrders(first: 10) { nodes { id status } } }
}`;

export const FULFILLMENT_CREATE = `mutation ConnectorFulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

/** A payout's balance transactions (its lines, docs/payouts.md "Shopify"), a page at a time. */
export const PAYOUT_TRANSACTIONS = `query ConnectorPayoutTransactions($first: Int!, $after: String, $query: String!) {
  shopifyPaymentsAccount {
    balanceTransactions(first: $first, after: $after, query: $query, sortKey: PROCESSED_AT) {
      nodes {
        id
        type
        transactionDate
        amount { amount currencyCode }
        fee { amount currencyCode }
        net { amount currencyCode }
        associatedOrder { id name }
        adjustmentReason
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export const PAYOUTS = `query ConnectorPayouts($first: Int!) {
  shopifyPaymentsAccount {
    payouts(first: $first) {
      nodes {
        id
        issuedAt
        status
        net { amount currencyCode }
        summary { chargesGross { amount } chargesFee { amount } }
      }
    }
  }
}`;
