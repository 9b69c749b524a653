/** SPEC §4 machine status codes; they come from the ERP import. */
export const MACHINE_STATUSES = ['D', 'S', 'P', 'H', 'M', 'B', 'C', 'E', 'W', 'I', 'R', 'G', 'X'] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];

/** SPEC §4 service request status codes. */
export const SERVICE_REQUEST_STATUSES = ['N', 'C', 'R', 'P', 'O', 'A', 'F', 'X', 'U'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** docs/design.md: allowed transitions (staff; a customer may withdraw N→X). F, X and U are final. */
export const SERVICE_REQUEST_TRANSITIONS: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  N: ['C', 'X'],
  C: ['R', 'U', 'X'],
  R: ['P', 'O'],
  P: ['O'],
  O: ['A'],
  A: ['F'],
  F: [],
  X: [],
  U: [],
};

export function canTransition(from: ServiceRequestStatus, to: ServiceRequestStatus): boolean {
  return SERVICE_REQUEST_TRANSITIONS[from].includes(to);
}

export const OFFER_REQUEST_STATUSES = ['sent', 'in_progress', 'quoted', 'closed'] as const;
export type OfferRequestStatus = (typeof OFFER_REQUEST_STATUSES)[number];

export const ROLES = ['customer', 'service', 'sales', 'admin'] as const;
export type Role = (typeof ROLES)[number];
