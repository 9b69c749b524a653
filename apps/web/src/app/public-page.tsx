import type { ComponentProps } from 'react';
import { PublicLayout } from '#app/components/layout/public-layout.tsx';
import { Footer } from '#app/features/brand/components/footer.tsx';
import { Logo } from '#app/features/brand/components/logo.tsx';

/** The public frame with the brand's logo and footer filled in; every public route renders inside it. */
export function PublicPage(props: Omit<ComponentProps<typeof PublicLayout>, 'logo' | 'footer'>) {
  return <PublicLayout logo={<Logo />} footer={<Footer />} {...props} />;
}
