import { Anchor, Blockquote, Box, Code, List, Text, Title } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { parseMarkdown, type Block, type Inline } from './markdown-parse';

const InlineNodes = ({ nodes }: { nodes: readonly Inline[] }) => (
  <>
    {nodes.map((node, index) => (
      <Fragment key={index}>{renderInline(node)}</Fragment>
    ))}
  </>
);

const renderInline = (node: Inline) => {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'code':
      return <Code>{node.text}</Code>;
    case 'strong':
      return (
        <strong>
          <InlineNodes nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <InlineNodes nodes={node.children} />
        </em>
      );
    case 'link':
      return (
        <Anchor href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          <InlineNodes nodes={node.children} />
        </Anchor>
      );
    case 'image':
      return <img src={node.src} alt={node.alt} style={{ maxWidth: '100%' }} />;
  }
};

const renderBlock = (block: Block) => {
  switch (block.kind) {
    case 'heading':
      return (
        <Title order={block.level} mt="xs" mb={4} fz={block.level <= 2 ? 'xl' : 'lg'}>
          <InlineNodes nodes={block.children} />
        </Title>
      );
    case 'paragraph':
      return (
        <Text component="p" my={6} style={{ whiteSpace: 'pre-wrap' }}>
          <InlineNodes nodes={block.children} />
        </Text>
      );
    case 'list':
      return (
        <List type={block.ordered ? 'ordered' : 'unordered'} my={6}>
          {block.items.map((item, index) => (
            <List.Item key={index}>
              <InlineNodes nodes={item} />
            </List.Item>
          ))}
        </List>
      );
    case 'quote':
      return (
        <Blockquote my={6} p="xs">
          <InlineNodes nodes={block.children} />
        </Blockquote>
      );
    case 'code':
      return (
        <Code block my={6}>
          {block.text}
        </Code>
      );
  }
};

/** Renders the safe Markdown subset of markdown-parse (no HTML is ever injected). */
export const MarkdownView = ({ source, testId }: { source: string; testId?: string }) => {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Box data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      {blocks.map((block, index) => (
        <Fragment key={index}>{renderBlock(block)}</Fragment>
      ))}
    </Box>
  );
};
