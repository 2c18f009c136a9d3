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

/**
 * Types into a searchable combo box (country, client) and takes the completion with Enter, as a person
 * who knows the name does: 'Nor' + Enter is Norway. Returns the field for checks.
 */
export async function typeChoice(page: Page, label: string, typed: string) {
  const box = page.getByRole('combobox', { name: label });
  // The box completes the typed text once its options have arrived; Enter takes the completion.
  await poll(async () => {
    await box.fill(typed);
    await box.press('Enter');
    return (await box.inputValue()).length > typed.length;
  }).toBe(true);
  return box;
}

/** Chooses people in a people picker by typing part of each name and taking the suggestion. */
export async function pickPeople(page: Page, label: string, ...names: string[]) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  for (const name of names) {
    await input.fill(name.split(' ')[0]!);
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
  }
}

/**
 * Presses a dialog's button by keyboard as a person would: once the dialog has put the focus in itself (a
 * Fluent dialog's focus trap moves it to its first button as it opens, which would take a focus given
 * earlier away), the button is focused and then Enter pressed.
 */
export async function pressInDialog(page: Page, dialog: Locator, button: string) {
  await poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const target = dialog.getByRole('button', { name: button });
  await target.focus();
  await poll(() => target.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
}
