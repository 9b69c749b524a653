import type { Brand } from '@care/contract/brand';

/** The brand data the server answers with by default (apps/server config/env.ts). */
export const testBrand: Brand = {
  name: 'AgroMech',
  servicePhone: '+48 61 555 01 20',
  serviceEmail: 'serwis@agromech.example',
  address: { street: 'ul. Żniwna 12', postalCode: '62-050', city: 'Mosina', countryCode: 'PL' },
  videoPlaylistUrl: 'https://www.youtube.com/@agromech-example/playlists',
  socialUrl: 'https://www.facebook.com/agromech.example',
  shopUrl: 'https://shop.agromech.example',
};
