import { randomBytes } from 'node:crypto';
import { emailField, nameField, passwordField } from '@care/contract/auth';
import { LANGUAGES, type Language } from '@care/contract/locales';
import { ROLES, type Role } from '@care/contract/statuses';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { normalizeEmail } from '#app/db/normalize.ts';
import { users } from '#app/db/schema/users.ts';
import { hashPassword } from '#app/security/password.ts';
import { passwordProblem } from '#app/security/password-policy.ts';

/** A refusal the command line prints as it is and ends with exit code 1. */
export class CliError extends Error {}

export const CreateUserInputSchema = z.object({
  email: emailField,
  role: z.enum(ROLES),
  firstName: nameField,
  lastName: nameField,
  language: z.enum(LANGUAGES).default('pl'),
});
/** As typed on the command line; checked with CreateUserInputSchema. */
export interface CreateUserInput {
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  language?: string;
}

/** 20 characters from 120 random bits: far beyond any guessing, and not in any common-passwords list. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * Creates an active account with a confirmed e-mail (staff or a customer the maker registers). The same rules
 * as in the portal: SPEC §5 fields, the password policy; an existing e-mail is refused, nothing is changed.
 */
export async function createUser(
  db: Db,
  input: CreateUserInput,
  password: string,
): Promise<{ id: number; email: string; role: Role; language: Language }> {
  const parsed = CreateUserInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new CliError(
      parsed.error.issues.map((issue) => `--${kebab(String(issue.path[0]))}: ${issue.message}`).join('\n'),
    );
  }
  const { email, role, firstName, lastName, language } = {
    ...parsed.data,
    email: normalizeEmail(parsed.data.email),
  };
  const passwordCheck = passwordField.safeParse(password);
  if (!passwordCheck.success) throw new CliError(`The password must have 6 to 128 characters.`);
  const problem = passwordProblem(password, { email, firstName, lastName });
  if (problem)
    throw new CliError('The password is too easy to guess (a common password or a name); choose another.');

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing)
    throw new CliError(
      `A user with the e-mail ${email} already exists (id ${existing.id}); nothing was changed.`,
    );
  const now = new Date();
  const [created] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      role,
      firstName,
      lastName,
      language,
      status: 'active',
      emailConfirmedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!created) throw new CliError(`A user with the e-mail ${email} already exists; nothing was changed.`);
  return { id: created.id, email, role, language };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
