// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from './theme-mode-storage';
import { ThemeModeProvider } from './ThemeModeProvider';
import { ThemeToggle } from './ThemeToggle';

describe('ThemeToggle', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanup);

  it('starts light, switches to dark and remembers the choice', async () => {
    render(
      <ThemeModeProvider>
        <ThemeToggle />
      </ThemeModeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });
});
