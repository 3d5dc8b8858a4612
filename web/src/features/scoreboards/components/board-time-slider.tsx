import { Button, Group, Slider, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  startMs: number;
  /** The last instant the slider reaches: the end, or now while the contest runs. */
  lastMs: number;
  /** The chosen instant, or null for the board as it is now. */
  atMs: number | null;
  onChange: (atMs: number | null) => void;
};

const minute = 60_000;
const offsetLabel = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The board at any instant (issue 13): a slider over the contest's minutes. The board moves when the thumb is
 * let go (each position is one replay on the server, cached, so scrubbing forward stays cheap).
 */
export const BoardTimeSlider = ({ startMs, lastMs, atMs, onChange }: Props) => {
  const { t } = useTranslation('contests');
  const max = Math.max(1, Math.ceil((lastMs - startMs) / minute));
  const value = atMs === null ? max : Math.round((atMs - startMs) / minute);
  return (
    <Group gap="sm" wrap="nowrap" w="100%" data-testid="board-time-slider">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('rank.history')}
      </Text>
      <Slider
        flex={1}
        min={0}
        max={max}
        step={1}
        defaultValue={value}
        key={atMs === null ? 'live' : 'past'}
        label={(minutes) => (atMs === null && minutes === max ? t('rank.historyLive') : offsetLabel(minutes))}
        onChangeEnd={(minutes) => onChange(minutes >= max ? null : startMs + minutes * minute)}
        aria-label={t('rank.history')}
      />
      {atMs !== null && (
        <Button size="compact-xs" variant="light" onClick={() => onChange(null)} data-testid="board-time-live">
          {t('rank.historyBackToLive')}
        </Button>
      )}
    </Group>
  );
};
