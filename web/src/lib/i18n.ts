import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCommon from '../locales/zh-CN/common.json';
import zhNav from '../locales/zh-CN/nav.json';
import zhRoutes from '../locales/zh-CN/routes.json';
import zhAuth from '../locales/zh-CN/auth.json';
import zhErrors from '../locales/zh-CN/errors.json';
import zhHome from '../locales/zh-CN/home.json';
import zhProblems from '../locales/zh-CN/problems.json';
import zhSubmissions from '../locales/zh-CN/submissions.json';
import zhAdminProblems from '../locales/zh-CN/admin-problems.json';
import enCommon from '../locales/en-US/common.json';
import enNav from '../locales/en-US/nav.json';
import enRoutes from '../locales/en-US/routes.json';
import enAuth from '../locales/en-US/auth.json';
import enErrors from '../locales/en-US/errors.json';
import enHome from '../locales/en-US/home.json';
import enProblems from '../locales/en-US/problems.json';
import enSubmissions from '../locales/en-US/submissions.json';
import enAdminProblems from '../locales/en-US/admin-problems.json';
import { defaultLanguage, type Language } from '../stores/locale';

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
