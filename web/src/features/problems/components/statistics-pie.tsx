import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VerdictCounts } from '@/lib/problem-schemas';

const slices = [
  { key: 'ac', color: '#40c057' },
  { key: 'wa', color: '#fa5252' },
  { key: 'tle', color: '#be4bdb' },
  { key: 'mle', color: '#7950f2' },
  { key: 're', color: '#e64980' },
  { key: 'pe', color: '#fd7e14' },
  { key: 'ce', color: '#fab005' },
  { key: 'se', color: '#495057' },
  { key: 'pa', color: '#12b886' },
] as const;

const point = (fraction: number, radius: number): [number, number] => {
  const angle = 2 * Math.PI * fraction - Math.PI / 2;
  return [radius + radius * Math.cos(angle), radius + radius * Math.sin(angle)];
};

/** The problem's verdict statistics as an SVG pie with a legend (spec 000 §2.4). */
export const StatisticsPie = ({ counts }: { counts: VerdictCounts }) => {
  const { t } = useTranslation('problems');
  const radius = 80;
  const parts = slices.map((slice) => ({ ...slice, value: counts[slice.key] })).filter((part) => part.value > 0);
  const sum = parts.reduce((total, part) => total + part.value, 0);
  let start = 0;
  return (
    <Group align="center" justify="center" gap="xl" wrap="wrap" data-testid="statistics-pie">
      <svg
        width={radius * 2}
        height={radius * 2}
        viewBox={`0 0 ${radius * 2} ${radius * 2}`}
        role="img"
        aria-label={t('statistics.title')}
      >
        {sum === 0 && <circle cx={radius} cy={radius} r={radius} fill="#e9ecef" />}
        {parts.length === 1 && <circle cx={radius} cy={radius} r={radius} fill={parts[0]?.color} />}
        {parts.length > 1 &&
          parts.map((part) => {
            const from = start;
            start += part.value / sum;
            const [x1, y1] = point(from, radius);
            const [x2, y2] = point(start, radius);
            const isLarge = start - from > 0.5 ? 1 : 0;
            return (
              <path
                key={part.key}
                d={`M${radius},${radius} L${x1},${y1} A${radius},${radius} 0 ${isLarge} 1 ${x2},${y2} Z`}
                fill={part.color}
              />
            );
          })}
      </svg>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('statistics.total', { total: counts.total })}
        </Text>
        {slices.map((slice) => (
          <Group key={slice.key} gap={6}>
            <Box w={10} h={10} style={{ background: slice.color, borderRadius: 2 }} />
            <Text size="xs">
              {t(`verdicts.${slice.key}`)}: {counts[slice.key]}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
};
