import { data, type MiddlewareFunction } from 'react-router';
import { whenAuthFinished } from '#app/lib/auth-store.ts';

/** Admin screens of /staff (catalogue import): other staff get the not-found page; the server refuses them too. */
export const requireAdmin: MiddlewareFunction = async () => {
  const { user } = await whenAuthFinished();
  if (user?.role === 'admin') return;
  throw data(null, { status: 404 });
};
