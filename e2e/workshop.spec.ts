import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { png } from '../apps/server/src/test/files.ts';
import {
  DEMO_PASSWORD,
  journeySerial,
  newCustomer,
  registerConfirmedCustomer,
  signIn,
} from './support/accounts.ts';
import { heading, notice, textbox } from './support/controls.ts';
import { expect, test } from './support/fixtures.ts';
import { DEMO_SERVICE } from './support/service-journey.ts';
import { SERVERS } from './support/servers.ts';
import { t } from './support/translations.ts';

/**
 * Issue 18, the workshop: a customer files a request with a phone's HEIC photo and a PNG, sees both as thumbnails
 * and looks through them in the viewer (keyboard, 360 px); the service department opens the job sheet, whose page
 * prints without the back office's frame, and downloads its PDF.
 */
const server = SERVERS.root;
const PHONE = { width: 360, height: 780 };
const HEIC = await readFile(new URL('../apps/server/src/test/fixtures/phone-photo.heic', import.meta.url));

const gallery = (page: Page) => page.getByRole('list', { name: t('workshop:gallery.label') });
/** A thumbnail the browser has decoded (a HEIC original could not be). */
const decoded = (page: Page, name: string) =>
  gallery(page)
    .getByRole('img', { name })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

test('journey: a customer sees a HEIC photo as a thumbnail and in the viewer; staff print the job sheet and get its PDF', async ({
  page,
  browser,
  baseURL,
  visit,
  axe,
}, testInfo) => {
  test.slow();
  const customer = newCustomer('warsztat', journeySerial(17, testInfo));
  await registerConfirmedCustomer(page.request, server, customer);
  const description = `Łożysko przekładni źle pracuje, słychać zgrzyt (${Date.now()}).`;

  await visit('/');
  await signIn(page, customer);
  await page.goto('/home/services/new');
  await expect(heading(page)).toHaveText(t('services:new.title'));
  await page.getByRole('combobox', { name: t('services:fields.machine') }).click();
  await page.getByRole('option').first().click();
  await textbox(page, 'services:fields.problem-description').fill(description);
  await page.getByLabel(t('services:uploads.input-label')).setInputFiles([
    { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: HEIC },
    { name: 'tabliczka.png', mimeType: 'image/png', buffer: png([20, 120, 40]) },
  ]);
  await axe.check();
  await page.getByRole('button', { name: t('services:new.submit') }).click();
  await expect(notice(page, t('services:new.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/home\/services\/edit\/\d+$/);
  const id = /(\d+)$/.exec(page.url())![1]!;
  await expect(heading(page)).toContainText(/SR\/\d{4}\/\d{6}/);
  const code = /SR\/\d{4}\/\d{6}/.exec((await heading(page).textContent()) ?? '')![0];

  // The thumbnails: the HEIC photo arrives as a picture the browser shows.
  await expect.poll(() => decoded(page, 'IMG_0042.HEIC')).toBe(true);
  await expect.poll(() => decoded(page, 'tabliczka.png')).toBe(true);
  await axe.check();

  // The viewer at 360 px: opened from the keyboard, arrows move, Escape closes and focus returns.
  await page.setViewportSize(PHONE);
  const tile = gallery(page).getByRole('button', {
    name: t('workshop:gallery.open', 'pl', { name: 'IMG_0042.HEIC' }),
  });
  await tile.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: t('workshop:viewer.label') });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator('.yarl__counter')).toHaveText('1 / 2');
  await expect
    .poll(() =>
      viewer
        .locator('.yarl__slide_current img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  await expect(viewer.getByRole('button', { name: t('workshop:viewer.download') })).toBeVisible();
  await axe.check();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.locator('.yarl__counter')).toHaveText('2 / 2');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  // Focus returns to the tile of the photo last shown.
  await expect(
    gallery(page).getByRole('button', { name: t('workshop:gallery.open', 'pl', { name: 'tabliczka.png' }) }),
  ).toBeFocused();
  await axe.checkDark();

  // The service department: the request page's grid, then the job sheet.
  const staffContext = await browser.newContext({ baseURL });
  try {
    const staff = await staffContext.newPage();
    await staff.goto('/');
    await signIn(staff, { email: DEMO_SERVICE, password: DEMO_PASSWORD });
    await staff.goto(`/staff/service-requests/${id}`);
    await expect(heading(staff)).toContainText(code);
    await expect.poll(() => decoded(staff, 'IMG_0042.HEIC')).toBe(true);
    await axe.check(staff);
    await staff.getByRole('link', { name: t('workshop:job-sheet.open') }).click();
    await expect(staff).toHaveURL(new RegExp(`/staff/service-requests/${id}/job-sheet$`));
    await expect(heading(staff)).toHaveText(code);
    await expect(staff.getByText(description)).toBeVisible();
    // Nothing of the back office's frame: no navigation, no header.
    await expect(staff.getByRole('navigation')).toHaveCount(0);
    await expect(staff.getByRole('banner')).toHaveCount(0);
    await axe.check(staff);
    await axe.checkDark(staff);
    // Printed, only the sheet: the buttons are gone.
    await staff.emulateMedia({ media: 'print' });
    await expect(staff.getByRole('button', { name: t('workshop:job-sheet.print') })).toBeHidden();
    await staff.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('link', { name: t('workshop:job-sheet.pdf') }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toBe(`${code.replaceAll('/', '-')}.pdf`);
  } finally {
    await staffContext.close();
  }
});
