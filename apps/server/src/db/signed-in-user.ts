import type { User } from '@care/contract/user';
import { users } from '#app/db/schema/users.ts';

/** The columns of the signed-in user the API answers with (password sign-in and the second factor's). */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  language: users.language,
};

/** A selected user row as the contract's User (its id a string). */
export function toUser(row: Omit<User, 'id'> & { id: number }): User {
  return { ...row, id: String(row.id) };
}
