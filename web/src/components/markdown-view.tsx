import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Markdown shown to users (statements, announcements): rendered by marked, then sanitised by DOMPurify, so a
 * problem or post can never carry script into the page (DESIGN, cross-cutting rules).
 */
export const renderMarkdown = (text: string): string =>
  DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }));

export const MarkdownView = ({ text, testId }: { text: string; testId?: string }) => {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return (
    <Typography p={0} fz="sm">
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
};
