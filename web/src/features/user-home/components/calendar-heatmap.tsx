import { Box, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { heatmapCells } from '../heatmap-cells';

const colors = ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'] as const;
const size = 11;
const gap = 3;
const left = 28;
const top = 16;

type Props = { endDate: string; dataList: readonly { date: string; count: number }[] };

/** Spec 000 §2.6: one year of submissions, a square per UTC day, darker for more. */
export const CalendarHeatmap = ({ endDate, dataList }: Props) => {
  const { t, i18n } = useTranslation('userHome');
  const scroller = useRef<HTMLDivElement>(null);
  const cells = heatmapCells(endDate, dataList);
  // On a narrow screen the year scrolls: start at today's end, as the most recent weeks matter most.
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = box.scrollWidth;
  }, [endDate]);
  const columns = (cells.at(-1)?.column ?? 0) + 1;
  const width = left + columns * (size + gap);
  const height = top + 7 * (size + gap);
  const monthFormat = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  const monthStarts = cells.filter((cell) => cell.date.endsWith('-01'));
  return (
    <Box data-testid="calendar-heatmap">
      <Box ref={scroller} style={{ overflowX: 'auto' }}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={t('heatmap.title')}
          style={{ display: 'block', margin: '0 auto' }}
        >
          {monthStarts.map((cell) => (
            <text key={cell.date} x={left + cell.column * (size + gap)} y={10} fontSize={10} fill="#868e96">
              {monthFormat.format(new Date(`${cell.date}T00:00:00Z`))}
            </text>
          ))}
          {[1, 3, 5].map((row) => (
            <text key={row} x={0} y={top + row * (size + gap) + size - 2} fontSize={9} fill="#868e96">
              {t(`heatmap.weekday${row}`)}
            </text>
          ))}
          {cells.map((cell) => (
            <rect
              key={cell.date}
              x={left + cell.column * (size + gap)}
              y={top + cell.row * (size + gap)}
              width={size}
              height={size}
              rx={2}
              fill={colors[cell.level]}
              data-date={cell.date}
              data-count={cell.count}
            >
              <title>{t('heatmap.tooltip', { count: cell.count, date: cell.date })}</title>
            </rect>
          ))}
        </svg>
      </Box>
      <Group gap={4} justify="flex-end" mt={4}>
        <Text size="xs" c="dimmed">
          {t('heatmap.less')}
        </Text>
        {colors.map((color) => (
          <Box key={color} w={size} h={size} style={{ background: color, borderRadius: 2 }} />
        ))}
        <Text size="xs" c="dimmed">
          {t('heatmap.more')}
        </Text>
      </Group>
    </Box>
  );
};
