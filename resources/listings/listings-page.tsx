/** /listings — Listings (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function ListingsPage() {
  return <LaterRelease title="Listings" description="Every marketplace listing of your products, with its status and price." />;
}
