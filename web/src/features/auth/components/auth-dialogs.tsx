import { LoginDialog } from './login-dialog';
import { RegisterDialog } from './register-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';

/** The three account dialogs, mounted once by the shell; the auth-dialog store picks the open one. */
export const AuthDialogs = () => (
  <>
    <LoginDialog />
    <RegisterDialog />
    <ResetPasswordDialog />
  </>
);
