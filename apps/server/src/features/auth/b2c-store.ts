import { sha256Hex } from '#app/security/tokens.ts';

/** An account in the maker's online store, as the store identifies it. */
export interface StoreAccount {
  storeCustomerId: string;
}

/**
 * The adapter point to the maker's online store (docs/decisions/009-b2c-store-adapter.md). The B2C
 * registration asks it whether the e-mail and password belong to a store customer before linking the accounts.
 */
export interface B2CStore {
  /** The store customer with this e-mail and password, or null when the store does not know them. */
  verifyStoreAccount(email: string, password: string): Promise<StoreAccount | null>;
}

/**
 * The default adapter, used until the store offers an API: it accepts every request and records the link under
 * an id derived from the e-mail ('local:' + 16 hex digits), so a real adapter can later match the rows up.
 * The e-mail confirmation still proves the person owns the mailbox.
 */
export const localB2CStore: B2CStore = {
  async verifyStoreAccount(email) {
    return { storeCustomerId: `local:${sha256Hex(email.trim().toLowerCase()).slice(0, 16)}` };
  },
};
