// @vitest-environment jsdom
/**
 * Back never leaves the console (docs/shell.md "Back"): with an earlier page in the tab it goes
 * there; on a page opened in a fresh tab it goes up a level (record pages) or home (Page Not Found).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFound } from '../../src/shell/not-found';
import { upOf, useSafeBack } from '../../providers/router/safe-back';

afterEach(cleanup);

function BackButton() {
  const back = useSafeBack();
  return <button onClick={back}>Back</button>;
}

function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(to)}>Open {to}</button>;
}

const routes = (
  <Routes>
    <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    <Route path="/products" element={<><h1>Products</h1><Go to="/products/42/edit" /></>} />
    <Route path="/products/:id" element={<h1>Product 42</h1>} />
    <Route path="/products/:id/edit" element={<><h1>Edit product</h1><BackButton /></>} />
    <Route path="*" element={<NotFound />} />
  </Routes>
);

describe('Back', () => {
  it('goes up a level on a record page opened in a fresh tab', () => {
    render(<MemoryRouter initialEntries={['/products/42/edit']}>{routes}</MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Product 42' })).toBeInTheDocument();
  });

  it('goes to the page before when the tab came from one', () => {
    render(<MemoryRouter initialEntries={['/products']}>{routes}</MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Open /products/42/edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });

  it('Page Not Found opened in a fresh tab goes home', () => {
    render(<MemoryRouter initialEntries={['/no-such-page']}>{routes}</MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('one level up is the path without its last segment; a top-level page goes home', () => {
    expect(upOf('/products/42/edit')).toBe('/products/42');
    expect(upOf('/suppliers/7')).toBe('/suppliers');
    expect(upOf('/orders')).toBe('/dashboard');
    expect(upOf('/')).toBe('/dashboard');
  });
});
