import type { Brand } from '@care/contract/brand';
import type { Env } from '#app/config/env.ts';

export function getBrand(env: Env): Brand {
  return {
    name: env.BRAND_NAME,
    servicePhone: env.BRAND_SERVICE_PHONE,
    serviceEmail: env.BRAND_SERVICE_EMAIL,
    address: {
      street: env.BRAND_ADDRESS_STREET,
      postalCode: env.BRAND_ADDRESS_POSTAL_CODE,
      city: env.BRAND_ADDRESS_CITY,
      countryCode: env.BRAND_ADDRESS_COUNTRY,
    },
    videoPlaylistUrl: env.BRAND_VIDEO_URL,
    socialUrl: env.BRAND_SOCIAL_URL,
    shopUrl: env.BRAND_SHOP_URL,
  };
}
