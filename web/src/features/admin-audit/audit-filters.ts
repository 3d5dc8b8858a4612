import type { AuditKind, AuditScope } from '@oj/contracts';

/** The audit page's filters as the form holds them (empty text: no filter). */
export type AuditFilters = {
  scope: AuditScope;
  id: string;
  actor: string;
  type: string;
  kind: AuditKind | '';
  /** `datetime-local` values, in the browser's time zone. */
  from: string;
  to: string;
};

export const noAuditFilters: AuditFilters = { scope: 'site', id: '', actor: '', type: '', kind: '', from: '', to: '' };

const scopes: readonly AuditScope[] = ['site', 'contest', 'problem', 'user', 'submission'];

/** A `datetime-local` value as an ISO instant (the API wants an offset); empty or unreadable: no bound. */
const instantOf = (local: string): string | undefined => {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** The API query of the filters: only what is set, the scope's id only for a scope that takes one. */
export const auditQueryOf = (filters: AuditFilters): Record<string, string | undefined> => ({
  scope: filters.scope,
  id: filters.scope === 'site' ? undefined : filters.id.trim() || undefined,
  actor: filters.actor.trim() || undefined,
  type: filters.type.trim() || undefined,
  kind: filters.kind || undefined,
  from: instantOf(filters.from),
  to: instantOf(filters.to),
});

/** Filters given in the page's address (`/admin/audit?scope=contest&id=12`), e.g. from a contest's page. */
export const auditFiltersFromSearch = (search: string): AuditFilters => {
  const params = new URLSearchParams(search);
  const scope = scopes.find((candidate) => candidate === params.get('scope')) ?? 'site';
  return { ...noAuditFilters, scope, id: params.get('id') ?? '', actor: params.get('actor') ?? '' };
};
