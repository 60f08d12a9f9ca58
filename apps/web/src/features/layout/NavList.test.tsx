// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NavList } from './NavList';

describe('NavList', () => {
  afterEach(cleanup);

  it('links every section, Reports included', () => {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <NavList />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Sources' }).getAttribute('href')).toBe('/data-sources');
    expect(screen.getByRole('link', { name: 'Insights' }).getAttribute('href')).toBe('/insights');
    expect(screen.getByRole('link', { name: 'Goals' }).getAttribute('href')).toBe('/goals');
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/reports');
    expect(screen.queryByText('Coming Soon')).toBeNull();
  });
});
