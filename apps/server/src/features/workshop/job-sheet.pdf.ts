/**
 * The job sheet as an A4 PDF (pdfkit), for the workshop's printer and for sending on (docs/decisions/067).
 *
 *   renderJobSheet(sheet: JobSheet): Promise<Buffer>
 *
 * The text is set in DejaVu Sans, embedded (only the glyphs used): pdfkit's standard 14 fonts have no ą, ł, ż or
 * ß, and an embedded font with a ToUnicode map keeps the text searchable and copyable.
 */
import { createRequire } from 'node:module';
import type { Language } from '@care/contract/locales';
import type { StaffServiceRequest } from '@care/contract/staff';
import { translate } from '@care/contract/translations';
import { STATUS_LABELS } from '#app/mail/templates.ts';
import { JOB_SHEET_LABELS } from './job-sheet.labels.ts';
import { loadPdfkit } from './libraries.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface JobSheetPhoto {
  name: string;
  /** A JPEG or PNG (pdfkit embeds no WebP); null when no picture can be made of the file. */
  picture: Buffer | null;
}

export interface JobSheet {
  request: StaffServiceRequest;
  photos: readonly JobSheetPhoto[];
  language: Language;
  brand: string;
  printedAt: Date;
}

const MARGIN = 42;
const PHOTO = { width: 120, height: 90, gap: 10, captionHeight: 22 };
const DIMMED = '#555555';
const RULE = '#bbbbbb';

/** Dates as the portal shows them (SPEC §9: year-month-day, 24 h), in Poland's time. */
const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Warsaw',
  dateStyle: 'short',
  timeStyle: 'short',
});

export async function renderJobSheet({
  request,
  photos,
  language,
  brand,
  printedAt,
}: JobSheet): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const labels = JOB_SHEET_LABELS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${labels.title} ${request.code}`, Author: brand, Creator: brand },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 2 * MARGIN;
  const text = (value: string | null | undefined) => (value?.trim() ? value : labels.none);

  const heading = (title: string) => {
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    doc.moveDown(0.8).font('bold').fontSize(12).fillColor('black').text(title);
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 6;
  };
  const field = (label: string, value: string) => {
    doc.font('bold').fontSize(9.5).fillColor(DIMMED).text(`${label}: `, { continued: true });
    doc.font('body').fillColor('black').text(value);
  };
  const paragraph = (value: string | null) => {
    doc.font('body').fontSize(10).fillColor('black').text(text(value), { width });
  };

  // Header: the brand, the sheet's title and the request code large enough to read from a workbench.
  doc.font('body').fontSize(9).fillColor(DIMMED).text(`${brand} · ${labels.title}`);
  doc.font('bold').fontSize(22).fillColor('black').text(request.code);
  field(labels.status, STATUS_LABELS[language][request.status]);
  field(labels.reportDate, dateTime.format(new Date(request.reportDate)));
  field(labels.estimatedCompletionDate, text(request.estimatedCompletionDate));
  field(labels.completionDate, text(request.completionDate));

  const { customer, machine } = request;
  heading(labels.customer);
  field(labels.customer, `${customer.firstName} ${customer.lastName}`.trim() || labels.none);
  field(labels.email, text(customer.email));
  field(labels.phone, text(customer.phone));
  const address = customer.address;
  field(
    labels.address,
    address
      ? [
          address.companyName,
          `${address.street} ${address.houseNumber}${address.apartmentNumber ? `/${address.apartmentNumber}` : ''}`,
          `${address.postalCode} ${address.city}`,
          address.countryCode,
        ]
          .map((part) => part.trim())
          .filter(Boolean)
          .join(', ')
      : labels.none,
  );

  heading(labels.machine);
  field(labels.machine, machine.name);
  field(labels.serialNumber, machine.serialNumber);
  field(labels.purchaseDate, text(machine.purchaseDate));
  field(
    labels.guaranteeEnd,
    `${text(machine.guaranteeEndDate)} (${labels.guarantee[machine.guaranteeState]})`,
  );
  field(
    labels.transportType,
    text(request.transportType && translate(request.transportType.label, language)),
  );
  field(
    labels.deliveryPlace,
    text(request.deliveryPlace && translate(request.deliveryPlace.label, language)),
  );

  heading(labels.description);
  paragraph(request.problemDescription);
  if (request.comments) {
    heading(labels.comments);
    paragraph(request.comments);
  }
  heading(labels.findings);
  paragraph(request.serviceOpinion);
  heading(labels.additionalParts);
  paragraph(request.additionalParts);

  if (photos.length > 0) {
    heading(labels.photos);
    const perRow = Math.floor((width + PHOTO.gap) / (PHOTO.width + PHOTO.gap));
    const rowHeight = PHOTO.height + PHOTO.captionHeight + PHOTO.gap;
    photos.forEach((photo, index) => {
      const column = index % perRow;
      if (column === 0 && index > 0) doc.y += rowHeight;
      if (doc.y + rowHeight > doc.page.height - MARGIN) doc.addPage();
      const x = MARGIN + column * (PHOTO.width + PHOTO.gap);
      const y = doc.y;
      if (photo.picture) {
        doc.image(photo.picture, x, y, {
          fit: [PHOTO.width, PHOTO.height],
          align: 'center',
          valign: 'center',
        });
      } else {
        doc.rect(x, y, PHOTO.width, PHOTO.height).lineWidth(0.5).strokeColor(RULE).stroke();
        doc
          .font('body')
          .fontSize(8)
          .fillColor(DIMMED)
          .text(labels.photoMissing, x, y + PHOTO.height / 2 - 5, { width: PHOTO.width, align: 'center' });
      }
      doc
        .font('body')
        .fontSize(7.5)
        .fillColor(DIMMED)
        .text(photo.name, x, y + PHOTO.height + 3, {
          width: PHOTO.width,
          height: PHOTO.captionHeight - 3,
          ellipsis: true,
        });
      doc.y = y;
    });
    doc.x = MARGIN;
    doc.y += rowHeight;
  }

  doc
    .moveDown(1)
    .font('body')
    .fontSize(8)
    .fillColor(DIMMED)
    .text(`${labels.printed}: ${dateTime.format(printedAt)}`, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
