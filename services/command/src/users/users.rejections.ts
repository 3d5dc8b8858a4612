import type { LocalizedText } from '@oj/platform';

/** Messages of session and account calls (api-core §1; zh-CN is HOJ's text, en-US ours; spec 000 §5, §8). */
export const userMessages = {
  usernameRequired: { 'zh-CN': '用户名不能为空', 'en-US': 'The username is required' },
  passwordRequired: { 'zh-CN': '密码不能为空', 'en-US': 'The password is required' },
  emailRequired: { 'zh-CN': '邮箱不能为空', 'en-US': 'The email is required' },
  emailFormat: { 'zh-CN': '邮箱格式错误', 'en-US': 'The email format is wrong' },
  codeRequired: { 'zh-CN': '验证码不能为空', 'en-US': 'The code is required' },
  registerClosed: { 'zh-CN': '对不起！本站暂未开启注册功能！', 'en-US': 'Sorry! Registration is closed on this site!' },
  registerEmailInvalid: { 'zh-CN': '对不起！您的邮箱格式不正确！', 'en-US': 'Sorry! Your email format is incorrect!' },
  registerCodeTooFrequent: {
    'zh-CN': '对不起，您的操作频率过快，请在{seconds}秒后再次发送注册邮件！',
    'en-US': 'Sorry, you are going too fast; send the registration email again in {seconds} seconds!',
  },
  emailAlreadyRegistered: {
    'zh-CN': '对不起！该邮箱已被注册，请更换新的邮箱！',
    'en-US': 'Sorry! This email is already registered, please use another one!',
  },
  registerCodeMissing: { 'zh-CN': '验证码不存在或已过期', 'en-US': 'The code does not exist or has expired' },
  registerCodeWrong: { 'zh-CN': '验证码不正确', 'en-US': 'The code is incorrect' },
  // 64, not HOJ's 20 (review F19, password-length.ts).
  passwordLength: { 'zh-CN': '密码长度应该为6~64位！', 'en-US': 'The password must be 6 to 64 characters long!' },
  usernameLength: { 'zh-CN': '用户名长度不能超过20位!', 'en-US': 'The username cannot be longer than 20 characters!' },
  usernameTaken: { 'zh-CN': '用户名已存在', 'en-US': 'The username already exists' },
  emailTaken: { 'zh-CN': '邮箱已存在', 'en-US': 'The email already exists' },
  credentialsBlank: { 'zh-CN': '用户名或密码不能为空！', 'en-US': 'The username or password cannot be empty!' },
  tooManyLoginFailures: {
    'zh-CN': '对不起！登录失败次数过多！您的账号有风险，半个小时内暂时无法登录！',
    'en-US': 'Sorry! Too many failed logins! Your account is at risk and cannot log in for half an hour!',
  },
  wrongCredentials: {
    'zh-CN': '用户名或密码错误！请注意大小写！',
    'en-US': 'Wrong username or password! Mind the letter case!',
  },
  accountBanned: {
    'zh-CN': '该账户已被封禁，请联系管理员进行处理！',
    'en-US': 'This account has been banned, please contact the administrator!',
  },
  loggedOut: { 'zh-CN': '登出成功', 'en-US': 'Logged out successfully' },
  notAnAdmin: {
    'zh-CN': '该账号并非管理员账号，无权登录！',
    'en-US': 'This account is not an administrator account and cannot sign in here!',
  },
  adminLoggedOut: { 'zh-CN': '退出登录成功！', 'en-US': 'Signed out successfully!' },
  resetApplicationBlank: { 'zh-CN': '邮箱或验证码不能为空', 'en-US': 'The email or captcha cannot be empty' },
  resetTooFrequent: {
    'zh-CN': '对不起，您的操作频率过快，请在{seconds}秒后再次发送重置邮件！',
    'en-US': 'Sorry, you are going too fast; send the reset email again in {seconds} seconds!',
  },
  captchaWrong: { 'zh-CN': '验证码不正确', 'en-US': 'The captcha is incorrect' },
  noUserWithEmail: {
    'zh-CN': '对不起，该邮箱无该用户，请重新检查！',
    'en-US': 'Sorry, no user has this email, please check it again!',
  },
  resetBlank: {
    'zh-CN': '用户名、新密码或验证码不能为空',
    'en-US': 'The username, new password or code cannot be empty',
  },
  newPasswordLength: {
    'zh-CN': '新密码长度应该为6~64位！',
    'en-US': 'The new password must be 6 to 64 characters long!',
  },
  resetLinkMissing: {
    'zh-CN': '重置密码链接不存在或已过期，请重新发送重置邮件',
    'en-US': 'The reset link does not exist or has expired, please send the reset email again',
  },
  resetCodeWrong: {
    'zh-CN': '重置密码的验证码不正确，请重新输入',
    'en-US': 'The reset code is incorrect, please enter it again',
  },
  changePasswordBlank: {
    'zh-CN': '错误：原始密码或新密码不能为空！',
    'en-US': 'Error: the old or new password cannot be empty!',
  },
  changePasswordLocked: {
    'zh-CN': '由于您多次修改密码失败，修改密码功能已锁定，请在{minutes}分{seconds}秒后({until})再进行尝试！',
    'en-US':
      'Changing the password is locked after repeated failures; try again in {minutes} min {seconds} s ({until})!',
  },
  passwordChanged: {
    'zh-CN': '修改密码成功！您将于5秒钟后退出进行重新登录操作！',
    'en-US': 'Password changed! You will be logged out in 5 seconds to log in again!',
  },
  oldPasswordWrong: {
    'zh-CN': '原始密码错误！您已累计修改密码失败{count}次...',
    'en-US': 'The old password is wrong! You have failed to change the password {count} times...',
  },
  changeEmailTooFrequent: {
    'zh-CN': '对不起，您的操作频率过快，请在{seconds}秒后再次发送修改邮件！',
    'en-US': 'Sorry, you are going too fast; send the change email again in {seconds} seconds!',
  },
  sameEmail: {
    'zh-CN': '新邮箱与当前邮箱一致，请不要重复设置！',
    'en-US': 'The new email is the same as the current one!',
  },
  emailUsedByOthers: {
    'zh-CN': '该邮箱已被他人使用，请重新设置其它邮箱！',
    'en-US': 'This email is used by someone else, please choose another one!',
  },
  changeEmailBlank: {
    'zh-CN': '错误：密码、新邮箱或验证码不能为空！',
    'en-US': 'Error: the password, new email or code cannot be empty!',
  },
  changeEmailFormat: { 'zh-CN': '邮箱格式错误！', 'en-US': 'The email format is wrong!' },
  changeEmailLocked: {
    'zh-CN': '由于您多次修改邮箱失败，修改邮箱功能已锁定，请在{minutes}分{seconds}秒后({until})再进行尝试！',
    'en-US': 'Changing the email is locked after repeated failures; try again in {minutes} min {seconds} s ({until})!',
  },
  changeEmailCodeMissing: {
    'zh-CN': '修改邮箱验证码不存在或已过期，请重新发送！',
    'en-US': 'The email change code does not exist or has expired, please send it again!',
  },
  changeEmailCodeWrong: {
    'zh-CN': '验证码错误！您已累计修改邮箱失败{count}次...',
    'en-US': 'Wrong code! You have failed to change the email {count} times...',
  },
  changeEmailPasswordWrong: {
    'zh-CN': '密码错误！您已累计修改邮箱失败{count}次...',
    'en-US': 'Wrong password! You have failed to change the email {count} times...',
  },
  emailChanged: { 'zh-CN': '修改邮箱成功！', 'en-US': 'Email changed successfully!' },
  profileFieldTooLong: {
    'zh-CN': '{item}的内容长度超过限制，请重新编辑！',
    'en-US': 'The {item} is too long, please edit it again!',
  },
  registerMailSubject: { 'zh-CN': '{shortName}的注册邮件', 'en-US': '{shortName} registration code' },
  registerMailBody: {
    'zh-CN': '您的注册验证码是 {code}，{minutes} 分钟内有效。',
    'en-US': 'Your registration code is {code}; it is valid for {minutes} minutes.',
  },
  resetMailSubject: { 'zh-CN': '{shortName}的重置密码邮件', 'en-US': '{shortName} password reset' },
  resetMailBody: {
    'zh-CN': '请在 {minutes} 分钟内打开以下链接重置密码：{link}',
    'en-US': 'Open this link within {minutes} minutes to reset your password: {link}',
  },
  changeEmailMailSubject: { 'zh-CN': '{shortName}的修改邮箱邮件', 'en-US': '{shortName} email change code' },
  changeEmailMailBody: {
    'zh-CN': '您的修改邮箱验证码是 {code}，{minutes} 分钟内有效。',
    'en-US': 'Your email change code is {code}; it is valid for {minutes} minutes.',
  },
} as const satisfies Record<string, LocalizedText>;

/** Field names for profileFieldTooLong, in both languages (api-core §1 change-userInfo). */
export const profileFieldNames = {
  realname: { 'zh-CN': '真实姓名', 'en-US': 'real name' },
  nickname: { 'zh-CN': '昵称', 'en-US': 'nickname' },
  signature: { 'zh-CN': '个性简介', 'en-US': 'signature' },
  blog: { 'zh-CN': '博客', 'en-US': 'blog' },
  github: { 'zh-CN': 'Github', 'en-US': 'Github' },
  school: { 'zh-CN': '学校', 'en-US': 'school' },
  number: { 'zh-CN': '学号', 'en-US': 'student number' },
  cfUsername: { 'zh-CN': 'Codeforces用户名', 'en-US': 'Codeforces username' },
} as const satisfies Record<string, LocalizedText>;

/** Keys zod schemas use as messages (`users.<name>`), resolved by the error handler. */
export const userValidationMessages: Readonly<Record<string, LocalizedText>> = Object.fromEntries(
  Object.entries(userMessages).map(([name, text]) => [`users.${name}`, text]),
);
