import { describe, expect, it } from 'vitest';
import { mailStatusOf } from './mail-status.ts';

describe('mailStatusOf', () => {
  it('reads the outbox figures of a status', () => {
    expect(mailStatusOf({ users: {}, mail: { backlog: 3, failed: 1, delivery: 'smtp' } })).toEqual({
      backlog: 3,
      failed: 1,
      delivery: 'smtp',
    });
  });
  it('is null for a status without them or with nonsense', () => {
    expect(mailStatusOf(null)).toBeNull();
    expect(mailStatusOf({})).toBeNull();
    expect(mailStatusOf({ mail: { backlog: '3', failed: 0, delivery: 'smtp' } })).toBeNull();
    expect(mailStatusOf({ mail: { backlog: 3, failed: -1, delivery: 'smtp' } })).toBeNull();
    expect(mailStatusOf({ mail: { backlog: 3, failed: 0, delivery: 'pigeon' } })).toBeNull();
  });
});
