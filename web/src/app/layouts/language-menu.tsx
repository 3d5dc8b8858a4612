import { ActionIcon, Menu, SegmentedControl, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageIcon } from '@/components/icons';
import { i18n } from '@/lib/i18n';
import { rememberLanguage, supportedLanguages, type Language } from '@/stores/locale';

/** Each language is named in itself, so it can be found whatever the current one is. */
const languageNames: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export const chooseLanguage = (language: Language): void => {
  rememberLanguage(language);
  void i18n.changeLanguage(language);
};

export const LanguageMenu = () => {
  const { t, i18n: active } = useTranslation('nav');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('language')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('language')} data-testid="language-menu">
            <LanguageIcon />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {supportedLanguages.map((language) => (
          <Menu.Item
            key={language}
            onClick={() => chooseLanguage(language)}
            fw={active.language === language ? 700 : 400}
          >
            {languageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

/** The drawer's form of the same choice: both languages side by side. */
export const LanguageSwitch = () => {
  const { i18n: active } = useTranslation();
  return (
    <SegmentedControl
      fullWidth
      value={active.language}
      onChange={(value) => chooseLanguage(value === 'en-US' ? 'en-US' : 'zh-CN')}
      data={supportedLanguages.map((language) => ({ value: language, label: languageNames[language] }))}
    />
  );
};
