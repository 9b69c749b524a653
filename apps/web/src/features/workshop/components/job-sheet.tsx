import type { StaffServiceRequest } from '@care/contract/staff';
import { translate } from '@care/contract/translations';
import { hasRendition } from '@care/contract/workshop';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';
import { renditionUrl } from '../api.ts';
import classes from './job-sheet.module.css';

function Fields({ fields }: { fields: readonly (readonly [string, string])[] }) {
  return (
    <dl className={classes.fields}>
      {fields.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={classes.section}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function addressText(address: StaffServiceRequest['customer']['address']): string {
  if (!address) return '—';
  const street = `${address.street} ${address.houseNumber}${address.apartmentNumber ? `/${address.apartmentNumber}` : ''}`;
  return [address.companyName, street, `${address.postalCode} ${address.city}`, address.countryCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The workshop's job sheet (issue 18): what the mechanic needs at the machine, on one A4 page where it fits —
 * request, customer and contact, machine and guarantee, description, the service's findings, photos as
 * thumbnails. The same content as the PDF the server makes (features/workshop/job-sheet.pdf.ts on the server).
 */
export function JobSheet({ request, brand }: { request: StaffServiceRequest; brand: string }) {
  const { t, i18n } = useTranslation(['workshop', 'services']);
  const text = (value: string | null | undefined) => (value?.trim() ? value : '—');
  const choice = (element: StaffServiceRequest['transportType']) =>
    element ? translate(element.label, i18n.language) || element.code : '—';
  const { customer, machine } = request;
  const photos = request.attachments.filter((a) => hasRendition(a.contentType));

  return (
    <article className={classes.sheet} aria-labelledby="job-sheet-code">
      <p className={classes.brand}>
        {brand} · {t('job-sheet.title')}
      </p>
      <h1 id="job-sheet-code" className={classes.code}>
        {request.code}
      </h1>
      <Fields
        fields={[
          [t('job-sheet.status'), t(`services:status.${request.status}`)],
          [t('job-sheet.report-date'), formatDateTime(request.reportDate)],
          [t('job-sheet.estimated-completion-date'), formatDate(request.estimatedCompletionDate)],
          [t('job-sheet.completion-date'), formatDate(request.completionDate)],
        ]}
      />
      <Section title={t('job-sheet.customer')}>
        <Fields
          fields={[
            [t('job-sheet.customer'), `${customer.firstName} ${customer.lastName}`.trim() || '—'],
            [t('job-sheet.email'), text(customer.email)],
            [t('job-sheet.phone'), text(customer.phone)],
            [t('job-sheet.address'), addressText(customer.address)],
          ]}
        />
      </Section>
      <Section title={t('job-sheet.machine')}>
        <Fields
          fields={[
            [t('job-sheet.machine'), machine.name],
            [t('job-sheet.serial-number'), machine.serialNumber],
            [t('job-sheet.purchase-date'), formatDate(machine.purchaseDate)],
            [
              t('job-sheet.guarantee-end'),
              `${formatDate(machine.guaranteeEndDate)} (${t(`job-sheet.guarantee.${machine.guaranteeState}`)})`,
            ],
            [t('job-sheet.transport-type'), choice(request.transportType)],
            [t('job-sheet.delivery-place'), choice(request.deliveryPlace)],
          ]}
        />
      </Section>
      <Section title={t('job-sheet.description')}>
        <p className={classes.text}>{request.problemDescription}</p>
      </Section>
      {request.comments ? (
        <Section title={t('job-sheet.comments')}>
          <p className={classes.text}>{request.comments}</p>
        </Section>
      ) : null}
      <Section title={t('job-sheet.findings')}>
        <p className={classes.text}>{text(request.serviceOpinion)}</p>
      </Section>
      <Section title={t('job-sheet.additional-parts')}>
        <p className={classes.text}>{text(request.additionalParts)}</p>
      </Section>
      {photos.length > 0 ? (
        <Section title={t('job-sheet.photos')}>
          <ul className={classes.photos}>
            {photos.map((photo) => (
              <li key={photo.id}>
                <figure className={classes.photo}>
                  <img src={renditionUrl(request.id, photo.id, 'thumbnail')} alt={photo.name} />
                  <figcaption>{photo.name}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <p className={classes.printed}>
        {t('job-sheet.printed', { date: formatDateTime(new Date().toISOString()) })}
      </p>
    </article>
  );
}
