// Vitest setup: DOM matchers for component tests (harmless in node tests).
import '@testing-library/jest-dom/vitest';
import { installLeanStyles } from './component/support/lean-styles';

if (typeof window !== 'undefined') {
  // jsdom does not implement getComputedStyle for pseudo-elements (antd asks for them): answer the element's style
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => getComputedStyle(elt);
  installLeanStyles();
}
