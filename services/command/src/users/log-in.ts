import type { RoleName, UserEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import type { UserState } from './user.state';
import { userMessages } from './users.rejections';

/** LogIn: the route verified the password against the folded hash (argon2 is IO) and looked up the ban. */
export interface LogIn {
  readonly passwordMatches: boolean;
  readonly isBanned: boolean;
  /** The back office's sign-in (admin §5.1) names the admin roles; the site's login admits any role (null). */
  readonly requiredRoles: readonly RoleName[] | null;
  readonly ip: string;
  readonly userAgent: string;
  readonly loggedInAt: string;
}

export const logIn =
  (command: LogIn) =>
  (state: UserState): UserEvent[] => {
    if (!state.exists || !command.passwordMatches) throw new CommandRejected(400, userMessages.wrongCredentials);
    // api-core §1 step 6: a ban is reported only after a correct password.
    if (command.isBanned) throw new CommandRejected(400, userMessages.accountBanned);
    // admin §5.1: body 401 on HTTP 200, which HOJ's client only toasts; no session starts.
    if (command.requiredRoles && !command.requiredRoles.includes(state.role)) {
      throw new CommandRejected(401, userMessages.notAnAdmin);
    }
    const { ip, userAgent, loggedInAt } = command;
    return [{ type: 'UserLoggedIn', data: { userId: state.userId, ip, userAgent, loggedInAt } }];
  };
