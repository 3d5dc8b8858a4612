import type { RoleName } from '@oj/events';

/** Permission strings of HOJ's role table (admin §10). */
export const permissionNames = [
  'problem_admin',
  'submit',
  'contest_admin',
  'rejudge',
  'announcement_admin',
  'user_admin',
  'system_info_admin',
  'discussion_add',
  'discussion_del',
  'discussion_edit',
  'comment_add',
  'reply_add',
  'group_add',
  'group_del',
] as const;
export type Permission = (typeof permissionNames)[number];

const everyone: readonly Permission[] = ['discussion_del', 'discussion_edit'];
const talk: readonly Permission[] = ['comment_add', 'reply_add'];
const groups: readonly Permission[] = ['group_add', 'group_del'];
const staff: readonly Permission[] = [
  'problem_admin',
  'submit',
  'contest_admin',
  'discussion_add',
  ...everyone,
  ...talk,
  ...groups,
];

export const rolePermissions: Readonly<Record<RoleName, readonly Permission[]>> = {
  root: permissionNames,
  admin: staff,
  problem_admin: staff,
  default_user: ['submit', 'discussion_add', ...everyone, ...talk, ...groups],
  no_subimit_user: ['discussion_add', ...everyone, ...talk],
  no_discuss_user: ['submit', ...everyone, ...talk],
  mute_user: ['submit', ...everyone],
  no_submit_no_discuss_user: [...everyone, ...talk],
  no_submit_mute_user: [...everyone],
};

/** The roles that open the admin back office (admin §5). */
export const adminRoles: readonly RoleName[] = ['root', 'admin', 'problem_admin'];

export function hasPermission(role: RoleName, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}
