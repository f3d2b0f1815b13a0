import { describe, expect, it } from 'vitest';
import { withArticle } from '../../resources/shared/format';

describe('withArticle', () => {
  it('puts "an" before a vowel and "a" before a consonant, as the import dialog names its files', () => {
    expect(withArticle('Amazon order report')).toBe('an Amazon order report');
    expect(withArticle('eBay order CSV')).toBe('an eBay order CSV');
    expect(withArticle('Shopify product CSV')).toBe('a Shopify product CSV');
  });
});
