/** /catalog — Catalog & Listings (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function CatalogPage() {
  return <LaterRelease title="Catalog & Listings" description="Your catalog with its listings and pricing tabs, including minimum-advertised-price violations." />;
}
