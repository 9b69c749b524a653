import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
const base = 'http://localhost:3555';
const browser = await chromium.launch(chromiumLaunchOptions);
for (const [w, scheme] of [[1024, 'light'], [360, 'dark'], [1280, 'light']] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 }, colorScheme: scheme, locale: 'de-DE' });
  await page.goto(base + '/');
  await page.getByLabel(/E-Mail/i).first().fill('admin@agromech.example');
  await page.getByLabel(/Passwort/i).first().fill('Zniwa-2026-demo');
  await page.getByRole('button', { name: /^Anmelden$/ }).click();
  await page.waitForURL(/staff/);
  for (const path of ['/staff', '/staff/admin/staff', '/staff/settings']) {
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shot-${w}-${path.replace(/\//g, '_')}.png`, fullPage: false });
  }
  await page.close();
}
await browser.close();
