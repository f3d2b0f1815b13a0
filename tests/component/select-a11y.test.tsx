// @vitest-environment jsdom
/**
 * docs/shell.md "Accessibility": a required Select in a Form.Item is announced as required on its
 * combobox, and its wrapper (a plain div) carries no `aria-required`, also after the field becomes
 * required later and after re-renders.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSelectA11y } from '../../src/shell/use-select-a11y';
import { installDomShims } from './support/dom-shims';

function Harness({ initiallyRequired }: { initiallyRequired: boolean }) {
  useSelectA11y();
  const [required, setRequired] = useState(initiallyRequired);
  const [tick, setTick] = useState(0);
  return (
    <Form>
      <Form.Item label="Currency" name="currency" rules={required ? [{ required: true }] : []}>
        <Select options={[{ value: 'EUR', label: 'Euro' }]} />
      </Form.Item>
      <button type="button" onClick={() => setRequired(true)}>require</button>
      <button type="button" onClick={() => setTick(tick + 1)}>render {tick}</button>
    </Form>
  );
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));
const wrappers = () => document.querySelectorAll('.ant-select');

describe('required Select', () => {
  beforeAll(() => installDomShims({ width: 1440 }));
  afterEach(cleanup);

  it('keeps aria-required on the combobox only', async () => {
    render(<Harness initiallyRequired />);
    await settle();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveAttribute('aria-required', 'true');
    expect(wrappers()).toHaveLength(1);
    expect(wrappers()[0]).not.toHaveAttribute('aria-required');

    await act(async () => screen.getByRole('button', { name: /render/ }).click());
    await settle();
    expect(wrappers()[0]).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveAttribute('aria-required', 'true');
  });

  it('corrects a field that becomes required after mounting', async () => {
    render(<Harness initiallyRequired={false} />);
    await settle();
    expect(screen.getByRole('combobox', { name: 'Currency' })).not.toHaveAttribute('aria-required');
    await act(async () => screen.getByRole('button', { name: 'require' }).click());
    await settle();
    expect(wrappers()[0]).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveAttribute('aria-required', 'true');
  });
});
