import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Text } from '@mantine/core';
import { SlideArrowIcon } from './icons';
import { gapPosition, isSlidePlaced, slidePuzzle } from './slide-puzzle';

type Puzzle = { gapX: number; gapY: number; hue: number };
type Phase = 'idle' | 'dragging' | 'passed' | 'failed';

const newPuzzle = (): Puzzle => ({
  gapX: gapPosition(Math.random()),
  gapY: Math.round(10 + Math.random() * (slidePuzzle.heightPx - slidePuzzle.pieceSizePx - 20)),
  hue: Math.round(Math.random() * 360),
});

/** Layered gradients drawn over the full puzzle box, so the piece can show its own patch of it. */
const pictureOf = (hue: number) =>
  [
    `radial-gradient(circle at 20% 30%, hsla(${hue}, 80%, 70%, 0.9) 0 18%, transparent 19%)`,
    `radial-gradient(circle at 75% 65%, hsla(${(hue + 120) % 360}, 75%, 65%, 0.85) 0 22%, transparent 23%)`,
    `radial-gradient(circle at 50% 10%, hsla(${(hue + 60) % 360}, 70%, 75%, 0.8) 0 12%, transparent 13%)`,
    `linear-gradient(120deg, hsl(${hue}, 55%, 45%), hsl(${(hue + 200) % 360}, 55%, 35%))`,
  ].join(', ');

type SlideVerifyProps = {
  onPassed: () => void;
  /** The prompt under the slider, already translated. */
  prompt: string;
  passedText: string;
  failedText: string;
};

/**
 * Drag the piece into the gap. Each failed try draws a new picture and gap; arrow keys move the piece and
 * Enter checks it, so the puzzle works without a pointer too.
 */
export const SlideVerify = ({ onPassed, prompt, passedText, failedText }: SlideVerifyProps) => {
  const { widthPx, heightPx, pieceSizePx } = slidePuzzle;
  const maxX = widthPx - pieceSizePx;
  const [puzzle, setPuzzle] = useState(newPuzzle);
  const [x, setX] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const dragStart = useRef<{ pointerX: number; pieceX: number } | null>(null);

  const settle = (position: number) => {
    if (isSlidePlaced(position, puzzle.gapX)) {
      setPhase('passed');
      onPassed();
      return;
    }
    setPhase('failed');
    setPuzzle(newPuzzle());
    setX(0);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (phase === 'passed') return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragStart.current = { pointerX: event.clientX, pieceX: x };
    setPhase('dragging');
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragStart.current) return;
    const next = dragStart.current.pieceX + event.clientX - dragStart.current.pointerX;
    setX(Math.min(maxX, Math.max(0, next)));
  };
  const onPointerUp = () => {
    if (!dragStart.current) return;
    dragStart.current = null;
    settle(x);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (phase === 'passed') return;
    const step = event.shiftKey ? 10 : 1;
    if (event.key === 'ArrowRight') setX((current) => Math.min(maxX, current + step));
    else if (event.key === 'ArrowLeft') setX((current) => Math.max(0, current - step));
    else if (event.key === 'Enter') settle(x);
    else return;
    event.preventDefault();
  };

  const picture = pictureOf(puzzle.hue);
  const trackColor = phase === 'passed' ? 'teal' : phase === 'failed' ? 'red' : 'blue';
  const status = phase === 'passed' ? passedText : phase === 'failed' ? failedText : prompt;
  return (
    <Box w={widthPx} maw="100%" data-testid="slide-verify" data-gap-x={puzzle.gapX}>
      <Box pos="relative" w={widthPx} h={heightPx} style={{ background: picture, borderRadius: 6, overflow: 'hidden' }}>
        <Box
          pos="absolute"
          left={puzzle.gapX}
          top={puzzle.gapY}
          w={pieceSizePx}
          h={pieceSizePx}
          style={{ background: 'rgba(0,0,0,0.45)', boxShadow: 'inset 0 0 6px rgba(255,255,255,0.8)', borderRadius: 4 }}
        />
        <Box
          pos="absolute"
          left={x}
          top={puzzle.gapY}
          w={pieceSizePx}
          h={pieceSizePx}
          style={{
            background: picture,
            backgroundSize: `${widthPx}px ${heightPx}px`,
            backgroundPosition: `-${puzzle.gapX}px -${puzzle.gapY}px`,
            boxShadow: '0 0 8px rgba(0,0,0,0.6)',
            outline: '2px solid rgba(255,255,255,0.9)',
            borderRadius: 4,
          }}
        />
      </Box>
      <Box
        mt={8}
        pos="relative"
        h={pieceSizePx}
        bg="gray.1"
        style={{ borderRadius: 6, border: `1px solid var(--mantine-color-${trackColor}-4)` }}
      >
        <Text size="xs" c="dimmed" ta="center" lh={`${pieceSizePx}px`} style={{ userSelect: 'none' }}>
          {status}
        </Text>
        <Box
          role="slider"
          tabIndex={0}
          aria-label={prompt}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={x}
          data-testid="slide-verify-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
          pos="absolute"
          top={-1}
          left={x}
          w={pieceSizePx}
          h={pieceSizePx}
          bg={`${trackColor}.6`}
          c="white"
          style={{
            borderRadius: 6,
            cursor: phase === 'passed' ? 'default' : 'grab',
            touchAction: 'none',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <SlideArrowIcon />
        </Box>
      </Box>
    </Box>
  );
};
