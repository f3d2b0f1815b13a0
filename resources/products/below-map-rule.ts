/**
 * The form rule for a price under its MAP (docs/commerce.md: a price below the MAP price is refused
 * with the message the server sends, contract/product-variants.ts `BELOW_MAP_MESSAGE`). One rule for
 * the product form, the variant fields and the variant editor: `mapField` names the MAP field beside
 * the price (`'map_price'`, or `['variants', 0, 'map_price']`).
 */
import type { FormRule } from 'antd';
import { BELOW_MAP_MESSAGE } from '../../contract/product-variants';

type NamePath = string | (string | number)[];

export function belowMapRule(mapField: NamePath): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_: unknown, value: number | null | undefined) => {
      const map = getFieldValue(mapField) as number | null | undefined;
      return value != null && map != null && value < map ? Promise.reject(new Error(BELOW_MAP_MESSAGE)) : Promise.resolve();
    },
  });
}
