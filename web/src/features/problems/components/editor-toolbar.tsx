import { Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { editorThemes, fontSizes, tabSizes, type ProblemDraft } from '../editor/editor-settings';

type Props = {
  draft: ProblemDraft;
  languages: readonly string[];
  onLanguage: (language: string) => void;
  onChange: (patch: Partial<ProblemDraft>) => void;
  onReset: () => void;
  onFetchLastAc: () => void;
};

/** Language, theme, font and tab size, reset code and fetch last AC code (spec 000 §2.4, §9). */
export const EditorToolbar = ({ draft, languages, onLanguage, onChange, onReset, onFetchLastAc }: Props) => {
  const { t } = useTranslation('problems');
  return (
    <Group gap="xs" wrap="wrap" mb="xs">
      <Select
        size="xs"
        w={150}
        aria-label={t('editor.language')}
        data-testid="editor-language"
        value={draft.language}
        onChange={(value) => value && onLanguage(value)}
        data={[...languages]}
        allowDeselect={false}
      />
      <Select
        size="xs"
        w={120}
        aria-label={t('editor.theme')}
        value={draft.theme}
        onChange={(value) => value && onChange({ theme: value as ProblemDraft['theme'] })}
        data={[...editorThemes]}
        allowDeselect={false}
      />
      <Select
        size="xs"
        w={80}
        aria-label={t('editor.fontSize')}
        value={String(draft.fontSize)}
        onChange={(value) => value && onChange({ fontSize: Number(value) })}
        data={fontSizes.map((size) => ({ value: String(size), label: `${size}px` }))}
        allowDeselect={false}
      />
      <Select
        size="xs"
        w={90}
        aria-label={t('editor.tabSize')}
        value={String(draft.tabSize)}
        onChange={(value) => value && onChange({ tabSize: Number(value) })}
        data={tabSizes.map((size) => ({ value: String(size), label: t('editor.tabs', { size }) }))}
        allowDeselect={false}
      />
      <Button size="xs" variant="default" onClick={onReset}>
        {t('editor.reset')}
      </Button>
      <Button size="xs" variant="default" onClick={onFetchLastAc}>
        {t('editor.lastAc')}
      </Button>
    </Group>
  );
};
