import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { buildScrollBoardUrl, defaultMedals } from '../scroll-board-query';

type Props = {
  cid: string;
  isEnded: boolean;
  /** The contest's board row count (the rank call belongs to the scoreboards feature; app/ passes it in). */
  rankTotal: (cid: string) => Promise<number>;
};

/** The scroll-board tab (spec 001 §2.6): medal counts from the rank total, star switch, then open the page. */
export const ScrollBoardConfig = ({ cid, isEnded, rankTotal }: Props) => {
  const { t } = useTranslation('contests');
  const [medals, setMedals] = useState<[number, number, number]>([0, 0, 0]);
  const [removeStar, setRemoveStar] = useState(true);
  const [isAsking, setAsking] = useState(false);
  useEffect(() => {
    rankTotal(cid)
      .then((total) => setMedals(defaultMedals(total)))
      .catch(() => undefined);
  }, [cid, rankTotal]);
  const open = () => window.open(buildScrollBoardUrl({ cid, removeStar, medals }), '_blank');
  const setMedal = (index: number, value: string | number) =>
    setMedals(
      (current) =>
        current.map((old, i) => (i === index ? Math.max(0, Number(value) || 0) : old)) as [number, number, number],
    );
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed" mb="md">
        {t('scroll.configHint')}
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        {(['gold', 'silver', 'bronze'] as const).map((medal, index) => (
          <NumberInput
            key={medal}
            w={120}
            min={0}
            label={t(`scroll.${medal}Label`)}
            value={medals[index]}
            onChange={(value) => setMedal(index, value)}
          />
        ))}
        <Switch
          label={t('scroll.removeStar')}
          checked={removeStar}
          onChange={(event) => setRemoveStar(event.currentTarget.checked)}
          mb={6}
        />
        <Button onClick={() => (isEnded ? open() : setAsking(true))}>{t('scroll.open')}</Button>
      </Group>
      <ConfirmDialog
        opened={isAsking}
        message={t('scroll.notEndedConfirm')}
        onClose={() => setAsking(false)}
        onConfirm={open}
      />
    </Card>
  );
};
