import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCommon from '@/locales/zh-CN/common.json';
import zhNav from '@/locales/zh-CN/nav.json';
import zhRoutes from '@/locales/zh-CN/routes.json';
import zhAuth from '@/locales/zh-CN/auth.json';
import zhErrors from '@/locales/zh-CN/errors.json';
import zhHome from '@/locales/zh-CN/home.json';
import zhProblems from '@/locales/zh-CN/problems.json';
import zhSubmissions from '@/locales/zh-CN/submissions.json';
import zhAdminProblems from '@/locales/zh-CN/admin-problems.json';
import enCommon from '@/locales/en-US/common.json';
import enNav from '@/locales/en-US/nav.json';
import enRoutes from '@/locales/en-US/routes.json';
import enAuth from '@/locales/en-US/auth.json';
import enErrors from '@/locales/en-US/errors.json';
import enHome from '@/locales/en-US/home.json';
import enProblems from '@/locales/en-US/problems.json';
import enSubmissions from '@/locales/en-US/submissions.json';
import enAdminProblems from '@/locales/en-US/admin-problems.json';
import zhRanks from '@/locales/zh-CN/ranks.json';
import zhUserHome from '@/locales/zh-CN/user-home.json';
import zhSettings from '@/locales/zh-CN/settings.json';
import zhContests from '@/locales/zh-CN/contests.json';
import zhAdminContests from '@/locales/zh-CN/admin-contests.json';
import zhSystemInfo from '@/locales/zh-CN/system-info.json';
import zhIntroduction from '@/locales/zh-CN/introduction.json';
import zhAdminHome from '@/locales/zh-CN/admin-home.json';
import zhAdminAudit from '@/locales/zh-CN/admin-audit.json';
import zhAdminProjections from '@/locales/zh-CN/admin-projections.json';
import zhAdminRejudgings from '@/locales/zh-CN/admin-rejudgings.json';
import enRanks from '@/locales/en-US/ranks.json';
import enUserHome from '@/locales/en-US/user-home.json';
import enSettings from '@/locales/en-US/settings.json';
import enContests from '@/locales/en-US/contests.json';
import enAdminContests from '@/locales/en-US/admin-contests.json';
import enSystemInfo from '@/locales/en-US/system-info.json';
import enIntroduction from '@/locales/en-US/introduction.json';
import enAdminHome from '@/locales/en-US/admin-home.json';
import enAdminAudit from '@/locales/en-US/admin-audit.json';
import enAdminProjections from '@/locales/en-US/admin-projections.json';
import enAdminRejudgings from '@/locales/en-US/admin-rejudgings.json';
import { defaultLanguage, type Language } from '@/stores/locale';

export const namespaces = [
  'common',
  'nav',
  'routes',
  'auth',
  'errors',
  'home',
  'problems',
  'submissions',
  'adminProblems',
  'ranks',
  'userHome',
  'settings',
  'contests',
  'adminContests',
  'systemInfo',
  'introduction',
  'adminHome',
  'adminAudit',
  'adminProjections',
  'adminRejudgings',
] as const;

const resources = {
  'zh-CN': {
    common: zhCommon,
    nav: zhNav,
    routes: zhRoutes,
    auth: zhAuth,
    errors: zhErrors,
    home: zhHome,
    problems: zhProblems,
    submissions: zhSubmissions,
    adminProblems: zhAdminProblems,
    ranks: zhRanks,
    userHome: zhUserHome,
    settings: zhSettings,
    contests: zhContests,
    adminContests: zhAdminContests,
    systemInfo: zhSystemInfo,
    introduction: zhIntroduction,
    adminHome: zhAdminHome,
    adminAudit: zhAdminAudit,
    adminProjections: zhAdminProjections,
    adminRejudgings: zhAdminRejudgings,
  },
  'en-US': {
    common: enCommon,
    nav: enNav,
    routes: enRoutes,
    auth: enAuth,
    errors: enErrors,
    home: enHome,
    problems: enProblems,
    submissions: enSubmissions,
    adminProblems: enAdminProblems,
    ranks: enRanks,
    userHome: enUserHome,
    settings: enSettings,
    contests: enContests,
    adminContests: enAdminContests,
    systemInfo: enSystemInfo,
    introduction: enIntroduction,
    adminHome: enAdminHome,
    adminAudit: enAdminAudit,
    adminProjections: enAdminProjections,
    adminRejudgings: enAdminRejudgings,
  },
};

export const i18n = i18next.createInstance();

export const initI18n = async (language: Language): Promise<void> => {
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
};

/** The UI language the API client reports in Accept-Language, so the server answers in it (DESIGN, messages). */
export const currentLanguage = (): string => i18n.language || defaultLanguage;
