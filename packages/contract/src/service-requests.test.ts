import { describe, expect, it } from 'vitest';
import { MachineListQuerySchema } from './machines.ts';
import { NewServiceRequestFieldsSchema, ServiceRequestListQuerySchema } from './service-requests.ts';

describe('service request and machine queries', () => {
  it('reads a status filter given once, repeated or comma-separated', () => {
    expect(ServiceRequestListQuerySchema.parse({ status: 'N' }).status).toEqual(['N']);
    expect(ServiceRequestListQuerySchema.parse({ status: ['N', 'C'] }).status).toEqual(['N', 'C']);
    expect(MachineListQuerySchema.parse({ status: 'R,G' }).status).toEqual(['R', 'G']);
    expect(MachineListQuerySchema.parse({}).status).toBeUndefined();
    expect(MachineListQuerySchema.safeParse({ status: 'Q' }).success).toBe(false);
  });

  it('defaults to the first page of 20, newest first, and caps the page size at 100', () => {
    expect(MachineListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'purchaseDate',
      order: 'desc',
      q: undefined,
      status: undefined,
    });
    expect(ServiceRequestListQuerySchema.parse({ page: '3', pageSize: '100', q: '  ' })).toMatchObject({
      page: 3,
      pageSize: 100,
      q: undefined,
    });
    expect(ServiceRequestListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('runs no search below 3 characters, as every list says (SPEC §5)', () => {
    for (const q of ['0', ' 12 ', 'ab'])
      expect(ServiceRequestListQuerySchema.parse({ q }).q, q).toBeUndefined();
    expect(MachineListQuerySchema.parse({ q: 'zn' }).q).toBeUndefined();
    expect(ServiceRequestListQuerySchema.parse({ q: ' 001 ' }).q).toBe('001');
    expect(MachineListQuerySchema.parse({ q: 'Żni' }).q).toBe('Żni');
  });
});

describe('new service request fields', () => {
  it('requires a non-blank failure description with its SPEC message', () => {
    const result = NewServiceRequestFieldsSchema.safeParse({ machineId: '1', problemDescription: '  \n ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['problemDescription', 'form.failure-description-required'],
    ]);
  });

  it('treats empty optional fields as not given', () => {
    expect(
      NewServiceRequestFieldsSchema.parse({
        machineId: '12',
        problemDescription: ' Leaks oil ',
        transportType: '',
        deliveryPlace: 'FARM',
        comments: '',
      }),
    ).toEqual({
      machineId: '12',
      problemDescription: 'Leaks oil',
      transportType: undefined,
      deliveryPlace: 'FARM',
      comments: undefined,
    });
  });
});
