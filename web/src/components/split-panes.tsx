import { useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Box, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

const defaultLeftPercent = 50;
const minPercent = 20;
const maxPercent = 80;

/**
 * Spec 000 §2.4: the problem and editor panes side by side, the divider draggable, with buttons to show only the
 * problem or reset the split. Narrow screens stack the panes instead.
 */
export const SplitPanes = ({
  left,
  right,
  extraControls,
}: {
  left: ReactNode;
  right: ReactNode;
  /** Page-specific buttons shown first in the controls' row (the contest problem page's focus mode). */
  extraControls?: ReactNode;
}) => {
  const { t } = useTranslation('problems');
  const isNarrow = useMediaQuery('(max-width: 992px)');
  const [leftPercent, setLeftPercent] = useState(defaultLeftPercent);
  const [isOnlyProblem, setOnlyProblem] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  const startDrag = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (moveEvent: PointerEvent) => {
      const box = container.current?.getBoundingClientRect();
      if (!box || box.width === 0) return;
      const percent = ((moveEvent.clientX - box.left) / box.width) * 100;
      setLeftPercent(Math.min(maxPercent, Math.max(minPercent, percent)));
    };
    const stop = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', stop);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', stop);
  };

  const controls = (
    <Group gap="xs" justify="flex-end" mb="xs">
      {extraControls}
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => setOnlyProblem((only) => !only)}
        data-testid="only-problem"
      >
        {isOnlyProblem ? t('panes.showEditor') : t('panes.onlyProblem')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => {
          setOnlyProblem(false);
          setLeftPercent(defaultLeftPercent);
        }}
      >
        {t('panes.reset')}
      </Button>
    </Group>
  );

  if (isNarrow) {
    return (
      <Box>
        {controls}
        <Box mb="md">{left}</Box>
        {!isOnlyProblem && <Box>{right}</Box>}
      </Box>
    );
  }
  return (
    <Box>
      {controls}
      <Box ref={container} style={{ display: 'flex', alignItems: 'stretch', gap: 0 }}>
        <Box style={{ width: isOnlyProblem ? '100%' : `${leftPercent}%`, minWidth: 0 }}>{left}</Box>
        {!isOnlyProblem && (
          <>
            <Box
              role="separator"
              aria-orientation="vertical"
              onPointerDown={startDrag}
              data-testid="pane-divider"
              style={{ width: 10, flex: 'none', cursor: 'col-resize', display: 'flex', justifyContent: 'center' }}
            >
              <Box w={3} bg="gray.3" style={{ borderRadius: 2 }} />
            </Box>
            <Box style={{ flex: 1, minWidth: 0 }}>{right}</Box>
          </>
        )}
      </Box>
    </Box>
  );
};
