/** Scaffold: replaced by the tab's own implementation (docs/governance.md). */
export default function AccessControlTab() {
  return null;
}
