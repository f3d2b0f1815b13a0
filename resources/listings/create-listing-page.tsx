/** /listings/create — Create Listing (spec §2.1). Its domain arrives in a later release: real title, honest empty state. */
import { LaterRelease } from '../../src/pages/later-release';

export default function CreateListingPage() {
  return <LaterRelease title="Create Listing" description="Publish a product to a connected marketplace." />;
}
