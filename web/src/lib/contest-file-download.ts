import { currentLanguage, i18n } from '@/lib/i18n';
import { env } from '@/config/env';
import { showToast } from '@/lib/toast';
import { session } from '@/stores/session';

type Query = Record<string, string | number | boolean>;

/** Spec 000 §9: a download may take up to 300000 ms (a big contest's zip is built while it is sent). */
const downloadTimeoutMs = 300_000;

/** The name the server gives the file (`filename="…"`), else the fallback. */
const fileNameOf = (disposition: string, fallbackName: string): string => {
  const quoted = /filename="([^"]+)"/.exec(disposition)?.[1] ?? /filename=([^;]+)/.exec(disposition)?.[1];
  try {
    return quoted ? decodeURIComponent(quoted.trim()) : fallbackName;
  } catch {
    return fallbackName;
  }
};

const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the save in some browsers; the next task is late enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/**
 * The contest file calls (print text, AC submissions, rank; reference §1.2.5–1.2.7) answer a file, or an
 * envelope carrying the refusal whose msg is shown ('Invalid file format' when it has none, spec 000 §7); they need
 * the token, so a plain link cannot fetch them.
 */
export const downloadContestFile = async (path: string, query: Query, fallbackName: string): Promise<void> => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  if (session.token) headers.set('Authorization', session.token);
  showToast('info', i18n.t('contests:download.started'));
  try {
    const response = await fetch(`${env.apiBase}${path}?${search.toString()}`, {
      headers,
      signal: AbortSignal.timeout(downloadTimeoutMs),
    });
    if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
      const body = (await response.json().catch(() => ({}))) as { msg?: string };
      showToast('error', body.msg || i18n.t('contests:download.invalid'));
      return;
    }
    if (!response.ok) {
      showToast('error', i18n.t('contests:download.invalid'));
      return;
    }
    saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition') ?? '', fallbackName));
    showToast('success', i18n.t('contests:download.done'));
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    showToast('error', i18n.t(timedOut ? 'errors:timeout' : 'errors:network'));
  }
};
