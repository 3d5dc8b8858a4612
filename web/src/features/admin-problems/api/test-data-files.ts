import { z } from 'zod';
import { uploadTestCaseReply } from '@oj/contracts';
import { env } from '@/config/env';
import { interpretReply } from '@/lib/api-outcome';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { session } from '@/stores/session';
import { tolerantOf } from '@/lib/tolerant-reply';

const uploadReplySchema = tolerantOf(uploadTestCaseReply, ['fileListDir']).extend({
  fileList: z.array(tolerantOf(uploadTestCaseReply.shape.fileList.element, ['input', 'output'])),
});
export type UploadedTestData = z.infer<typeof uploadReplySchema>;

const authHeaders = (): Record<string, string> => ({
  'Url-Type': 'general',
  'Accept-Language': i18n.language,
  ...(session.token ? { Authorization: session.token } : {}),
});

const failWith = (message: string, status = 400): never => {
  showToast('error', message);
  throw new ApiError(status, message);
};

/** POST /api/file/upload-testcase-zip (admin §6): a multipart upload, so it bypasses the JSON client. */
export const uploadTestCaseZip = async (file: File, mode: string): Promise<UploadedTestData> => {
  const form = new FormData();
  form.set('file', file);
  form.set('mode', mode);
  const response = await fetch(`${env.apiBase}/file/upload-testcase-zip`, {
    method: 'POST',
    headers: authHeaders(),
    body: form,
  }).catch(() => failWith(i18n.t('errors:network'), 0));
  const outcome = interpretReply(response.status, await response.json().catch(() => undefined));
  if (!outcome.ok) return failWith('text' in outcome.message ? outcome.message.text : i18n.t(outcome.message.key));
  const parsed = uploadReplySchema.safeParse(outcome.data);
  return parsed.success ? parsed.data : failWith(i18n.t('errors:serverError'), 500);
};

/** Spec 000 §9: downloads may take up to 300000 ms. */
const downloadTimeoutMs = 300_000;

/**
 * GET /api/file/download-testcase?pid (admin §6): a zip, or a JSON envelope whose msg is shown
 * ('Invalid file format' when it has none, spec 000 §7).
 */
export const downloadTestCases = async (pid: string): Promise<void> => {
  showToast('info', i18n.t('adminProblems:download.started'));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), downloadTimeoutMs);
  try {
    const response = await fetch(`${env.apiBase}/file/download-testcase?pid=${encodeURIComponent(pid)}`, {
      headers: authHeaders(),
      signal: controller.signal,
    });
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('application/json')) {
      const body = (await response.json().catch(() => ({}))) as { msg?: string };
      failWith(body.msg || i18n.t('adminProblems:download.invalid'));
    }
    const blob = await response.blob();
    const disposition = response.headers.get('Content-disposition') ?? '';
    const name = decodeURIComponent(/filename=([^;]+)/.exec(disposition)?.[1] ?? `problem_${pid}_testcase.zip`);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    URL.revokeObjectURL(url);
    showToast('success', i18n.t('adminProblems:download.done'));
  } catch (error) {
    if (!(error instanceof ApiError)) showToast('error', i18n.t('errors:network'));
  } finally {
    clearTimeout(timer);
  }
};
