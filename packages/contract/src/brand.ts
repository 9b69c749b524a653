import { z } from 'zod';
import { endpoints } from './endpoint.ts';

/** Contact and link data shown in the footer and contact blocks; it comes from the server's environment. */
export const BrandSchema = z.object({
  name: z.string(),
  servicePhone: z.string(),
  serviceEmail: z.string(),
  address: z.object({
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    /** ISO 3166-1 alpha-2; the web names the country in the page's language. */
    countryCode: z.string().regex(/^[A-Z]{2}$/),
  }),
  videoPlaylistUrl: z.string(),
  socialUrl: z.string(),
  shopUrl: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const brandEndpoints = endpoints('brand', {
  get: {
    method: 'GET',
    path: '/api/brand',
    summary: 'Contact data and links of the maker',
    access: 'anyone',
    responses: { 200: BrandSchema },
  },
});
