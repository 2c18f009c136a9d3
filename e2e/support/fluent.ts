import type { Locator, Page } from 'playwright-core';
import { poll, webOrigin } from './browser.ts';

/** Picks an option of a Fluent Dropdown, found by the dropdown's label and the option's exact text. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The texts of one column of a DetailsList grid (Fluent marks each cell with its column key). */
export const cellTexts = async (grid: Locator, key: string) => (await grid.locator(`[data-automation-key="${key}"]`).allTextContents()).map((t) => t.trim());

/** Opens a list screen and waits until its grid shows rows: the data arrives after the page. */
export async function openListPage(page: Page, path: string, heading: string, grid: Locator) {
  await page.goto(`${webOrigin()}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  await grid.waitFor();
  await poll(() => cellTexts(grid, 'name')).not.toEqual([]);
}
