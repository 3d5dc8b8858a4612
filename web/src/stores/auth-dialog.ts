import { proxy } from 'valtio';

/** Which account dialog is open; app-wide because the API client opens the login dialog on a 401. */
export type AuthDialog = 'login' | 'register' | 'reset-password';

export const authDialog = proxy<{ open: AuthDialog | null }>({ open: null });

export const openAuthDialog = (dialog: AuthDialog): void => {
  authDialog.open = dialog;
};

export const closeAuthDialog = (): void => {
  authDialog.open = null;
};
