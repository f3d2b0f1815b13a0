/**
 * A product's description. Shopify exports carry it as HTML ("Body (HTML)"), so it is kept as HTML and
 * rendered through DOMPurify with a short list of formatting tags — no scripts, styles, event handlers,
 * images or frames (docs/decisions.md, docs/commerce-ui.md "Descriptions"). Plain text keeps its line breaks.
 */
import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Typography } from 'antd';

const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'span', 'div', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ALLOWED_ATTR = ['href', 'title'];

let hooked = false;
/** Links leave the console in a new tab without handing it a window.opener. */
function hookLinks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

const looksLikeHtml = (s: string) => /<\/?[a-z][\s\S]*?>/i.test(s);

export function sanitizeDescription(html: string): string {
  hookLinks();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export function ProductDescription({ text }: { text: string }) {
  const html = useMemo(() => (looksLikeHtml(text) ? sanitizeDescription(text) : null), [text]);
  if (html === null) {
    return (
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Typography.Paragraph>
    );
  }
  // sanitised above: DOMPurify with an allow-list of formatting tags and attributes
  return <div className="product-description" data-testid="product-description" dangerouslySetInnerHTML={{ __html: html }} />;
}
