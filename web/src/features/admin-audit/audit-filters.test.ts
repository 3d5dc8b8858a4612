import { describe, expect, it } from 'vitest';
import { auditFiltersFromSearch, auditQueryOf, noAuditFilters } from './audit-filters';

describe('auditQueryOf', () => {
  it('sends only the filters that are set, and no id for the whole site', () => {
    expect(auditQueryOf({ ...noAuditFilters, id: '12', actor: ' root ' })).toEqual({
      scope: 'site',
      id: undefined,
      actor: 'root',
      type: undefined,
      kind: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('turns the local time bounds into ISO instants', () => {
    const query = auditQueryOf({ ...noAuditFilters, scope: 'contest', id: '3', from: '2026-03-01T10:00' });
    expect(query.id).toBe('3');
    expect(query.from).toBe(new Date('2026-03-01T10:00').toISOString());
  });
});

describe('auditFiltersFromSearch', () => {
  it('reads a scope and id from the address, and ignores an unknown scope', () => {
    expect(auditFiltersFromSearch('?scope=contest&id=7')).toMatchObject({ scope: 'contest', id: '7' });
    expect(auditFiltersFromSearch('?scope=galaxy&id=7').scope).toBe('site');
  });
});
