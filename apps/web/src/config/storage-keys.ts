/** SPEC §9 browser storage keys; one list so nothing else invents its own. */
export const LOCAL = {
  authenticated: 'authenticated',
  authorities: 'authorities',
  userSettings: 'userSettings',
  email: 'email',
} as const;

export const SESSION = {
  cart: 'cartState',
  returnLocation: 'returnLocation',
  forceReload: 'forceReload',
  /** SPEC §5: what was typed into the registration forms, until success (never passwords). */
  registrationForm: 'registrationForm',
  registrationB2CForm: 'registrationB2CForm',
} as const;
