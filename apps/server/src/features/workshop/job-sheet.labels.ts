import type { Language } from '@care/contract/locales';
import type { GuaranteeState } from '@care/contract/machines';

/** The job sheet's words in the staff member's language (the web's `workshop` namespace has the page's). */
export interface JobSheetLabels {
  title: string;
  status: string;
  reportDate: string;
  estimatedCompletionDate: string;
  completionDate: string;
  customer: string;
  email: string;
  phone: string;
  address: string;
  machine: string;
  serialNumber: string;
  purchaseDate: string;
  guaranteeEnd: string;
  guarantee: Record<GuaranteeState, string>;
  transportType: string;
  deliveryPlace: string;
  description: string;
  comments: string;
  findings: string;
  additionalParts: string;
  photos: string;
  photoMissing: string;
  printed: string;
  none: string;
}

export const JOB_SHEET_LABELS: Record<Language, JobSheetLabels> = {
  pl: {
    title: 'Karta zlecenia serwisowego',
    status: 'Status',
    reportDate: 'Data zgłoszenia',
    estimatedCompletionDate: 'Przewidywany termin realizacji',
    completionDate: 'Data realizacji',
    customer: 'Klient',
    email: 'E-mail',
    phone: 'Telefon',
    address: 'Adres',
    machine: 'Maszyna',
    serialNumber: 'Numer seryjny',
    purchaseDate: 'Data zakupu',
    guaranteeEnd: 'Koniec gwarancji',
    guarantee: {
      active: 'na gwarancji',
      ending: 'na gwarancji (kończy się wkrótce)',
      ended: 'po gwarancji',
      none: 'bez gwarancji',
    },
    transportType: 'Transport',
    deliveryPlace: 'Miejsce dostarczenia',
    description: 'Opis usterki',
    comments: 'Uwagi klienta',
    findings: 'Opinia serwisu',
    additionalParts: 'Dodatkowe części',
    photos: 'Zdjęcia',
    photoMissing: 'brak podglądu',
    printed: 'Wydrukowano',
    none: '—',
  },
  en: {
    title: 'Service job sheet',
    status: 'Status',
    reportDate: 'Report date',
    estimatedCompletionDate: 'Estimated completion',
    completionDate: 'Completion date',
    customer: 'Customer',
    email: 'E-mail',
    phone: 'Phone',
    address: 'Address',
    machine: 'Machine',
    serialNumber: 'Serial number',
    purchaseDate: 'Purchase date',
    guaranteeEnd: 'Guarantee end',
    guarantee: {
      active: 'in guarantee',
      ending: 'in guarantee (ending soon)',
      ended: 'out of guarantee',
      none: 'no guarantee',
    },
    transportType: 'Transport',
    deliveryPlace: 'Delivery place',
    description: 'Problem description',
    comments: "Customer's comments",
    findings: 'Service opinion',
    additionalParts: 'Additional parts',
    photos: 'Photos',
    photoMissing: 'no preview',
    printed: 'Printed',
    none: '—',
  },
  de: {
    title: 'Serviceauftragsblatt',
    status: 'Status',
    reportDate: 'Meldedatum',
    estimatedCompletionDate: 'Voraussichtliche Fertigstellung',
    completionDate: 'Fertigstellungsdatum',
    customer: 'Kunde',
    email: 'E-Mail',
    phone: 'Telefon',
    address: 'Adresse',
    machine: 'Maschine',
    serialNumber: 'Seriennummer',
    purchaseDate: 'Kaufdatum',
    guaranteeEnd: 'Garantieende',
    guarantee: {
      active: 'in der Garantie',
      ending: 'in der Garantie (endet bald)',
      ended: 'außerhalb der Garantie',
      none: 'keine Garantie',
    },
    transportType: 'Transport',
    deliveryPlace: 'Lieferort',
    description: 'Fehlerbeschreibung',
    comments: 'Anmerkungen des Kunden',
    findings: 'Stellungnahme des Service',
    additionalParts: 'Zusätzliche Teile',
    photos: 'Fotos',
    photoMissing: 'keine Vorschau',
    printed: 'Gedruckt',
    none: '—',
  },
};
