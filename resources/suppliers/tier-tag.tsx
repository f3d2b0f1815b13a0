/** A supplier's tier as a tag; tier 1 is the best (score ≥ 80, server/domain/supplier-score.ts). */
import { Tag } from 'antd';

const COLOR: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'default' };

export function TierTag({ tier }: { tier: number | null | undefined }) {
  if (!tier) return <Tag>N/A</Tag>;
  return <Tag color={COLOR[tier]}>Tier {tier}</Tag>;
}
