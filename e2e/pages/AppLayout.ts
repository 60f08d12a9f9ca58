import type { Locator, Page } from '@playwright/test';

export type NavEntry = 'Dashboard' | 'Sources' | 'Workouts' | 'Insights' | 'Goals' | 'Reports' | 'About Us';

/** The signed-in layout: top bar, left navigation, skip link, main region and footer. */
export class AppLayout {
  readonly menuButton: Locator;
  readonly settingsButton: Locator;
  readonly logoutButton: Locator;
  readonly skipLink: Locator;
  readonly main: Locator;
  readonly nav: Locator;
  readonly footer: Locator;
  readonly loadingPage: Locator;

  constructor(readonly page: Page) {
    this.menuButton = page.getByRole('button', { name: 'open navigation' });
    this.settingsButton = page.getByRole('button', { name: 'Settings' });
    this.logoutButton = page.getByRole('button', { name: 'Logout' });
    this.skipLink = page.getByRole('link', { name: 'Skip to main content' });
    this.main = page.locator('main#main-content');
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.footer = page.locator('footer');
    this.loadingPage = page.getByRole('progressbar', { name: 'Loading page' });
  }

  /** The light/dark toggle, whatever its current label. */
  get themeToggle(): Locator {
    return this.page.getByRole('button', { name: /Switch to (dark|light) mode/ });
  }

  /** A navigation entry; on small screens the temporary drawer is opened first. */
  async navItem(text: NavEntry): Promise<Locator> {
    await this.main.waitFor();
    // While a temporary drawer is still closing, the page behind it is aria-hidden and the menu
    // button cannot be found by its role.
    await this.page.locator('.MuiDrawer-modal').waitFor({ state: 'hidden' });
    let nav = this.nav.filter({ visible: true });
    if (await this.menuButton.isVisible()) {
      await this.menuButton.click();
      nav = this.page.locator('.MuiDrawer-modal').getByRole('navigation', { name: 'Main' });
      await nav.waitFor({ state: 'visible' });
    }
    const comingSoon = text === 'Reports';
    return nav.getByRole(comingSoon ? 'button' : 'link', { name: new RegExp(`^${text}`) });
  }

  async navigateTo(text: Exclude<NavEntry, 'Reports'>): Promise<void> {
    await (await this.navItem(text)).click();
  }

  async toggleTheme(): Promise<void> {
    await this.themeToggle.click();
  }

  async logout(): Promise<void> {
    await this.logoutButton.click();
    await this.page.waitForURL('**/login');
  }
}
