import { describe, expect, it } from 'vitest';
import {
  isOfferStaffRole,
  isServiceStaffRole,
  OFFER_STAFF_ROLES,
  SERVICE_STAFF_ROLES,
  STAFF_ROLES,
} from './roles.ts';
import { ROLES } from './statuses.ts';

describe('staff roles', () => {
  it('service staff are service and admin; parts sales are sales and admin; customers are neither', () => {
    expect(ROLES.filter(isServiceStaffRole)).toEqual(['service', 'admin']);
    expect(ROLES.filter(isOfferStaffRole)).toEqual(['sales', 'admin']);
  });

  it('every staff role works for the service department, the parts sales or both, and no other role does', () => {
    expect(new Set([...SERVICE_STAFF_ROLES, ...OFFER_STAFF_ROLES])).toEqual(new Set(STAFF_ROLES));
    expect(STAFF_ROLES).not.toContain('customer');
  });
});
