/** /fulfillment — Fulfillment (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function FulfillmentPage() {
  return <LaterRelease title="Fulfillment" description="Buy shipping labels and follow tracking for your orders." />;
}
