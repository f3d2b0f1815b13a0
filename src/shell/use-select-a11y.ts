/**
 * Accessibility correction on antd's Select that no Select or Form.Item prop reaches (docs/shell.md
 * "Accessibility"), applied in one place for every page of the shell: a required `Form.Item` gives
 * its Select `aria-required`, and rc-select spreads it onto its wrapper `div` (no role, so the
 * attribute is not allowed there) as well as onto its combobox input. The combobox keeps it — it is
 * what assistive technology reads —, the wrapper loses it.
 *
 * React writes an attribute only when its prop changes, so a removed one stays removed while the
 * field stays required; when it is written again (a field that becomes required, a Select that
 * mounts), the MutationObserver sees it and the correction runs again.
 */
import { useEffect } from 'react';

const WRAPPER = '.ant-select[aria-required]:not([role])';

export function fixSelects(root: ParentNode): void {
  for (const wrapper of root.querySelectorAll<HTMLElement>(WRAPPER)) {
    const value = wrapper.getAttribute('aria-required') ?? 'true';
    const combobox = wrapper.querySelector<HTMLElement>('[role="combobox"]');
    if (combobox && !combobox.hasAttribute('aria-required')) combobox.setAttribute('aria-required', value);
    wrapper.removeAttribute('aria-required');
  }
}

export function useSelectA11y(): void {
  useEffect(() => {
    const observer = new MutationObserver(() => fixSelects(document));
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-required'] });
    fixSelects(document);
    return () => observer.disconnect();
  }, []);
}
