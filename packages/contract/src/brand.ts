import { z } from 'zod';

/** Contact and link data shown in the footer and contact blocks; it comes from the server's environment. */
export const BrandSchema = z.object({
  name: z.string(),
  servicePhone: z.string(),
  serviceEmail: z.string(),
  address: z.object({
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    country: z.string(),
  }),
  videoPlaylistUrl: z.string(),
  socialUrl: z.string(),
  shopUrl: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;
