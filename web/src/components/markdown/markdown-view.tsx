import { Box, Typography } from '@mantine/core';
import { useMemo } from 'react';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';
import './markdown-view.css';
import { renderMarkdown } from './render-markdown';

/** Renders Markdown (with math and code) through the site's one renderer; its HTML is sanitized before it lands. */
export const MarkdownView = ({ source, testId }: { source: string; testId?: string }) => {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Typography>
      <Box
        data-testid={testId}
        className="markdown-view"
        style={{ overflowWrap: 'anywhere' }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
};
