/** Business limits of SPEC §5 and §9, shared by forms and the server. */
export const LIMITS = {
  nameMinLength: 3,
  /** A first or last name; it is put into e-mail greetings. */
  nameMaxLength: 50,
  passwordMinLength: 6,
  passwordMaxLength: 128,
  /** SPEC §5: at login, a password of 4 characters or fewer is rejected before it is sent. */
  loginPasswordMinLength: 5,
  phoneLength: 9,
  searchMinLength: 3,
  cartAmountMin: 1,
  /**
   * SPEC §4 sets no upper bound on a cart amount; the stored amount is an int4, and a quantity of more than
   * 99,999 of one part is a typing mistake, refused with a message instead of sent to parts sales.
   */
  cartAmountMax: 99_999,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

/** SPEC §9: the catalogue id constant. */
export const CATALOG_ID = 7;

/** SPEC §6: authority strings. */
export const AUTHORITIES = {
  viewCatalog: 'RIGHT_CARE_VIEW_CATALOG',
} as const;

/** A cart sent as an offer request (issue 5); here, beside the other limits, so the cart needs no schemas to know them. */
export const OFFER_REQUEST_LIMITS = {
  /** Lines in one cart. */
  items: 200,
  note: 2000,
  name: 2000,
  symbol: 200,
  images: 50,
  imageUrl: 2000,
} as const;
