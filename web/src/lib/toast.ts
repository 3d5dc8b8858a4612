import { notifications, notificationsStore, updateNotificationsState } from '@mantine/notifications';
import { i18n } from './i18n';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

const colors: Record<ToastKind, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };
const toastId = 'oj-toast';
const desktopMinWidthPx = 768;
const isElsewhere = (position: string | undefined) => position !== undefined && position !== 'top-center';

/**
 * Spec 000 §8: one toast at a time (a new one replaces the old), 4000 ms; an error on desktop is the
 * notification titled Error for 5 s.
 */
export const showToast = (kind: ToastKind, message: string): void => {
  // Whatever shows in the toasts' place (top centre) goes; a contest announcement pinned elsewhere stays until it
  // is closed (spec 001 §9).
  updateNotificationsState(notificationsStore, (shown) => shown.filter((item) => isElsewhere(item.position)));
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
