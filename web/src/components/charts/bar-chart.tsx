import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

export type BarSeries = { name: string; color: string; values: readonly number[] };

type Props = {
  categories: readonly string[];
  series: readonly BarSeries[];
  /** Drawing height in pixels; the width follows the container, so labels keep their size on a phone. */
  height?: number;
  testId?: string;
  title?: string;
};

const margin = { top: 16, right: 8, bottom: 44, left: 36 };

/** Whole-number gridlines: the charts count submissions and problems. */
export const niceTicks = (max: number): number[] => {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s >= rough) ?? magnitude * 10);
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) ticks.push(tick);
  return ticks;
};

const shorten = (label: string, room: number) => {
  const fits = Math.max(3, Math.floor(room / 7));
  return label.length > fits ? `${label.slice(0, fits - 1)}…` : label;
};

/** A small grouped bar chart drawn as SVG (home's weekly statistics, the ranks' top 10). */
export const BarChart = ({ categories, series, height = 260, testId, title }: Props) => {
  const { ref, width: measured } = useElementSize();
  const width = Math.max(280, Math.round(measured) || 640);
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const slot = plotWidth / Math.max(1, categories.length);
  const barWidth = Math.min(28, (slot * 0.7) / Math.max(1, series.length));
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  return (
    <Box data-testid={testId} ref={ref}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" height={height} role="img" aria-label={title}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} stroke="#e9ecef" />
            <text x={margin.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#868e96">
              {tick}
            </text>
          </g>
        ))}
        {categories.map((category, index) => {
          const groupLeft = margin.left + index * slot + (slot - barWidth * series.length) / 2;
          return (
            <g key={`${category}-${index}`}>
              {series.map((s, seriesIndex) => {
                const value = s.values[index] ?? 0;
                return (
                  <rect
                    key={s.name}
                    x={groupLeft + seriesIndex * barWidth}
                    y={y(value)}
                    width={barWidth - 2}
                    height={Math.max(0, margin.top + plotHeight - y(value))}
                    fill={s.color}
                    rx={2}
                  >
                    <title>{`${category} ${s.name}: ${value}`}</title>
                  </rect>
                );
              })}
              <text
                x={margin.left + index * slot + slot / 2}
                y={height - margin.bottom + 16}
                textAnchor="middle"
                fontSize={11}
                fill="#495057"
              >
                {shorten(category, slot)}
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="md" justify="center">
        {series.map((s) => (
          <Group key={s.name} gap={4}>
            <Box w={10} h={10} style={{ background: s.color, borderRadius: 2 }} />
            <Text size="xs" c="dimmed">
              {s.name}
            </Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
};
