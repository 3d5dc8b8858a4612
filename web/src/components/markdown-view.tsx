import { MarkdownView as SafeMarkdownView } from './markdown/markdown-view';

/**
 * The contest screens import this path with a `text` prop. It renders through the Markdown subset of
 * components/markdown, which never injects HTML, so every feature shows Markdown with the same safety.
 */
export const MarkdownView = ({ text, testId }: { text: string; testId?: string }) => (
  <SafeMarkdownView source={text} testId={testId} />
);
