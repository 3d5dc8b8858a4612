import { useEffect, useRef } from 'react';
import { monaco } from './monaco-setup';
import { editorHeightPx, monacoLanguageOf, type EditorPreferences } from './editor-settings';

type Props = EditorPreferences & {
  value: string;
  language: string;
  onChange: (code: string) => void;
  height?: number;
};

/** The Monaco editor of the problem page; loaded lazily, so Monaco stays out of the first page load. */
export const CodeEditor = ({ value, language, onChange, theme, fontSize, tabSize, height = editorHeightPx }: Props) => {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!hostRef.current) return undefined;
    const editor = monaco.editor.create(hostRef.current, {
      value,
      language: monacoLanguageOf(language),
      theme,
      fontSize,
      tabSize,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
    });
    editorRef.current = editor;
    const subscription = editor.onDidChangeModelContent(() => onChangeRef.current(editor.getValue()));
    return () => {
      subscription.dispose();
      editor.getModel()?.dispose();
      editor.dispose();
      editorRef.current = null;
    };
    // The editor is created once; the effects below follow the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== value) editor.setValue(value);
  }, [value]);
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model) monaco.editor.setModelLanguage(model, monacoLanguageOf(language));
  }, [language]);
  useEffect(() => monaco.editor.setTheme(theme), [theme]);
  useEffect(() => {
    editorRef.current?.updateOptions({ fontSize });
    editorRef.current?.getModel()?.updateOptions({ tabSize });
  }, [fontSize, tabSize]);

  return <div ref={hostRef} style={{ height, width: '100%' }} data-testid="code-editor" />;
};
