import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * How the portal names a person to someone else (the chat's authors, who added a file or changed a status, the
 * staff queue's customers, e-mails to the departments, who ran an import): "Jan Kowalski", or the e-mail address
 * of an account without a name (a registration that gave none, an SSO account whose provider sent none).
 * One rule in JavaScript (`displayName`, for a person already read) and in SQL (`displayNameSql`, for lists).
 */

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** "Jan Kowalski", "Jan", or '' for an account without a name. */
export const fullName = ({ firstName, lastName }: PersonName): string => `${firstName} ${lastName}`.trim();

/** The full name, or the e-mail address when there is none. */
export const displayName = (person: PersonName & { email: string }): string =>
  fullName(person) || person.email;

/**
 * `displayName` of a users row (the table, or an alias of it) in SQL; null where a left join found no account
 * (a removed author, an import run from the command line).
 */
export function displayNameSql(user: {
  firstName: SQLWrapper;
  lastName: SQLWrapper;
  email: SQLWrapper;
}): SQL<string | null> {
  return sql<
    string | null
  >`coalesce(nullif(btrim(${user.firstName} || ' ' || ${user.lastName}), ''), ${user.email})`;
}
