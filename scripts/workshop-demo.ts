/**
 * The workshop's pictures (issue 18) need a request with photos, which the demo data has none of: the demo customer
 * files one through the API as the new-request form would, with a photo (a JPEG drawn here), a phone's HEIC photo
 * (the server tests' fixture) and a PDF. Used by screenshots.ts, after every other picture (it adds a request).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import sharp from 'sharp';
import { PDF } from '../apps/server/src/test/files.ts';

const HEIC = readFileSync(resolve(import.meta.dirname, '../apps/server/src/test/fixtures/phone-photo.heic'));

/** A 1600 × 1200 "photo" of a machine's plate: something to look at in the viewer, made without a camera. */
function platePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7a8f5a"/><stop offset="1" stop-color="#3d4a2b"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>
    <rect x="300" y="330" width="1000" height="540" rx="36" fill="#c9cdd2" stroke="#5b6168" stroke-width="14"/>
    <text x="800" y="500" font-family="DejaVu Sans, sans-serif" font-size="92" font-weight="bold"
      text-anchor="middle" fill="#2b2f33">AgroMech</text>
    <text x="800" y="640" font-family="DejaVu Sans, sans-serif" font-size="64" text-anchor="middle"
      fill="#2b2f33">Żniwiarz 5200</text>
    <text x="800" y="770" font-family="DejaVu Sans, sans-serif" font-size="56" text-anchor="middle"
      fill="#2b2f33">AM-2024-0001</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Files the request as the signed-in customer of `state`; answers its id. */
export async function fileWorkshopRequest(
  browser: Browser,
  state: BrowserContextOptions['storageState'],
  baseUrl: string,
): Promise<string> {
  const context = await browser.newContext({ storageState: state });
  try {
    const machines = (await (await context.request.get(`${baseUrl}/api/end-products/user-owned`)).json()) as {
      items: { id: string }[];
    };
    const form = new FormData();
    form.append('machineId', machines.items[0]!.id);
    form.append(
      'problemDescription',
      'Łożysko przekładni kątowej źle pracuje, słychać zgrzyt przy pełnym obciążeniu. Zdjęcia w załączniku.',
    );
    const files: Array<[name: string, type: string, content: Buffer]> = [
      ['tabliczka-znamionowa.jpg', 'image/jpeg', await platePhoto()],
      ['IMG_0042.HEIC', 'image/heic', HEIC],
      ['protokół.pdf', 'application/pdf', PDF],
    ];
    for (const [name, type, content] of files)
      form.append('files', new Blob([new Uint8Array(content)], { type }), name);
    const answer = await context.request.post(`${baseUrl}/api/service-requests/new-request`, {
      multipart: form,
      headers: { origin: baseUrl },
    });
    if (!answer.ok()) throw new Error(`new-request: ${answer.status()} ${await answer.text()}`);
    return ((await answer.json()) as { id: string }).id;
  } finally {
    await context.close();
  }
}
