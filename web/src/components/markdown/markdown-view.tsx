import { Box, Typography } from '@mantine/core';
import { Suspense, use, useMemo } from 'react';
import { ChunkLoadBoundary } from '../chunk-load-boundary';
import './markdown-view.css';

// The renderer (KaTeX, markdown-it, highlight.js, DOMPurify: a third of the app's code) loads on the first page that
// shows Markdown, not with the app; every view after that finds it loaded.
let renderer: Promise<typeof import('./render-markdown')> | undefined;
const loadRenderer = () => (renderer ??= import('./render-markdown'));

const MarkdownHtml = ({ source, testId }: { source: string; testId?: string }) => {
  const { renderMarkdown } = use(loadRenderer());
  const html = useMemo(() => renderMarkdown(source), [renderMarkdown, source]);
  return (
    <Box
      data-testid={testId}
      className="markdown-view"
      style={{ overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
};

/** Renders Markdown (with math and code) through the site's one renderer; its HTML is sanitized before it lands. */
export const MarkdownView = ({ source, testId }: { source: string; testId?: string }) => (
  <Typography>
    <ChunkLoadBoundary>
      <Suspense fallback={null}>
        <MarkdownHtml source={source} testId={testId} />
      </Suspense>
    </ChunkLoadBoundary>
  </Typography>
);
