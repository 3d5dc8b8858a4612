import { currentLanguage, i18n } from '../../../lib/i18n';
import { env } from '../../../config/env';
import { showToast } from '../../../lib/toast';
import { session } from '../../../stores/session';

type Query = Record<string, string | number | boolean>;

/**
 * The contest file calls (print text, AC submissions, rank; reference §1.2.5–1.2.7) answer a file, or an
 * envelope carrying the refusal; they need the token, so a plain link cannot fetch them.
 */
export const downloadContestFile = async (path: string, query: Query, fallbackName: string): Promise<void> => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  if (session.token) headers.set('Authorization', session.token);
  try {
    const response = await fetch(`${env.apiBase}${path}?${search.toString()}`, { headers });
    if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
      const body = (await response.json().catch(() => ({}))) as { msg?: string };
      showToast('error', body.msg || i18n.t('errors:serverError'));
      return;
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const name = decodeURIComponent(/filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    URL.revokeObjectURL(url);
  } catch {
    showToast('error', i18n.t('errors:network'));
  }
};
