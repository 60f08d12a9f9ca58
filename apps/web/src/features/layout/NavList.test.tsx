// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NavList } from './NavList';

describe('NavList', () => {
  afterEach(cleanup);

  it('links the available sections and disables the coming-soon ones', () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <NavList />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Sources' }).getAttribute('href')).toBe('/data-sources');
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    expect(screen.getAllByText('Coming Soon')).toHaveLength(3);
    for (const name of ['Insights', 'Goals', 'Reports']) {
      expect(screen.queryByRole('link', { name: new RegExp(name) })).toBeNull();
      const item = screen.getByText(name).closest('[aria-disabled="true"]');
      expect(item).not.toBeNull();
    }
  });
});
