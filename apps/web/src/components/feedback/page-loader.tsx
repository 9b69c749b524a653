import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-busy="true">
      <Loader aria-label="…" />
    </Center>
  );
}
