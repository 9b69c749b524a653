import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
const base = 'http://localhost:3590';
const HEADER = 'serial_number;model_name;purchase_date;guarantee_end_date;status;dealer;owner_email';
const csv = (bad: boolean) =>
  Buffer.from(
    `${HEADER}\r\nERP-SHOT-1;Kombajn AM-500;2026-03-14;14.03.2028;I;Agro-Serwis Kutno;\r\n` +
      `ERP-SHOT-2;Prasa P-220;14.03.2026;${bad ? '2025-03-14' : '2028-03-14'};${bad ? 'Q' : 'W'};;\r\n` +
      `ERP-SHOT-3;Siewnik S-3;;;W;;${bad ? 'nobody@example.com' : ''}\r\n` +
      (bad ? 'ERP-SHOT-1;Kombajn AM-500;;;I;;\r\n' : ''),
  );
const browser = await chromium.launch(chromiumLaunchOptions);
for (const [lng, scheme, width, bad] of [['pl', 'light', 1280, true], ['en', 'dark', 360, true], ['de', 'light', 1280, false], ['pl', 'dark', 360, false]] as const) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, locale: 'pl-PL' });
  const page = await context.newPage();
  await page.goto(`${base}/?lng=${lng}`);
  await page.locator('input[type="email"], input[name="username"]').first().fill('admin@agromech.example');
  await page.locator('input[type="password"]').first().fill('Zniwa-2026-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/staff/);
  await page.goto(`${base}/staff/admin/machines?lng=${lng}`);
  await page.locator('input[type="file"]').setInputFiles({ name: 'erp-maszyny.csv', mimeType: 'text/csv', buffer: csv(bad) });
  await page.locator('form button[type="button"]').click();
  await page.locator('[role="alert"] h2').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `docs/screenshots/admin-machines-${bad ? 'refused' : 'imported'}-${lng}-${scheme}-${width}.png`, fullPage: true });
  await context.close();
}
await browser.close();
