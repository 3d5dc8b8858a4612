import { auditEntrySchema, pageOf } from '@oj/contracts';
import { env } from '@/config/env';
import { apiGet, ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { session } from '@/stores/session';

type AuditQuery = Record<string, string | undefined>;

/** GET /api/admin/audit (ours): one page of the audit trail, newest first. */
export const getAuditPage = (query: AuditQuery, currentPage: number, limit: number) =>
  apiGet('/admin/audit', pageOf(auditEntrySchema), { query: { ...query, currentPage, limit } });

const searchOf = (query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  return search.toString();
};

/**
 * GET /api/admin/audit/export: the trail as NDJSON or CSV, saved as a file. Fetched with the session's token
 * (a plain link would carry none), so the whole file passes through memory once: the server caps it.
 */
export const downloadAuditExport = async (query: AuditQuery, format: 'ndjson' | 'csv'): Promise<void> => {
  const headers: Record<string, string> = { 'Url-Type': 'admin', 'Accept-Language': i18n.language };
  if (session.token) headers.Authorization = session.token;
  try {
    const response = await fetch(`${env.apiBase}/admin/audit/export?${searchOf({ ...query, format })}`, { headers });
    if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
      const body = (await response.json().catch(() => ({}))) as { status?: number; msg?: string };
      throw new ApiError(body.status ?? response.status, body.msg || i18n.t('errors:serverError'));
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `audit.${format}`;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    showToast('error', error instanceof ApiError ? error.message : i18n.t('errors:network'));
  }
};
