/** Scaffold: replaced by the tab's own implementation (docs/governance.md). */
export default function ComplianceTab() {
  return null;
}
