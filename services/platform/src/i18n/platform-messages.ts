import type { LocalizedText } from './localized-text';

/** Messages of the plumbing itself (api-core §0.2); areas keep their own in <area>.rejections.ts. */
export const platformMessages = {
  success: { 'zh-CN': 'success', 'en-US': 'success' },
  loginRequired: { 'zh-CN': '请您先登录！', 'en-US': 'Please login first!' },
  loginExpired: { 'zh-CN': '登录状态已失效，请重新登录！', 'en-US': 'Your login has expired, please log in again!' },
  accountBanned: {
    'zh-CN': '该账户已被封禁，请联系管理员进行处理！',
    'en-US': 'This account has been banned, please contact the administrator!',
  },
  accountMissing: { 'zh-CN': '账户不存在！', 'en-US': 'The account does not exist!' },
  noPermission: {
    'zh-CN': '对不起，您无权限进行此操作！',
    'en-US': 'Sorry, you do not have permission for this operation!',
  },
  badRequestFormat: { 'zh-CN': '参数格式解析失败！', 'en-US': 'Failed to parse parameter format!' },
  missingParameter: {
    'zh-CN': '缺少必需的请求参数：{name}',
    'en-US': 'The required request parameters are missing: {name}',
  },
  methodNotAllowed: { 'zh-CN': '不支持该请求方法！', 'en-US': 'The request method is not supported!' },
  mediaTypeNotSupported: { 'zh-CN': '不支持该媒体类型！', 'en-US': 'The media type is not supported!' },
  notFound: {
    'zh-CN': '查询错误，无法找到请求的资源！',
    'en-US': 'Query error: unable to find the requested resource!',
  },
  serverError: { 'zh-CN': '服务器错误！请稍后再试！', 'en-US': 'Server Error! Please try again later!' },
  serviceUnavailable: {
    'zh-CN': '服务暂时不可用，请稍后再试！',
    'en-US': 'The service is temporarily unavailable, please try again later!',
  },
  tooManyRequests: {
    'zh-CN': '您的操作过于频繁，请在{seconds}秒后再试！',
    'en-US': 'Too many requests, please try again in {seconds} seconds!',
  },
} as const satisfies Record<string, LocalizedText>;
