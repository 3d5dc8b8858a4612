import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

const colors: Record<ToastKind, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };
const toastId = 'oj-toast';
const desktopMinWidthPx = 768;

/**
 * Spec 000 §8: one toast at a time (a new one replaces the old), 4000 ms; an error on desktop is the
 * notification titled Error for 5 s.
 */
export const showToast = (kind: ToastKind, message: string): void => {
  // Only the previous toast goes: a contest announcement's notification stays until it is closed (spec 001 §9).
  notifications.hide(toastId);
  const isDesktopError = kind === 'error' && window.innerWidth >= desktopMinWidthPx;
  notifications.show({
    id: toastId,
    color: colors[kind],
    title: isDesktopError ? i18n.t('common:toast.errorTitle') : undefined,
    message,
    autoClose: isDesktopError ? 5000 : 4000,
    withBorder: true,
  });
};
