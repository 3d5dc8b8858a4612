import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadContestFile } from '@/lib/contest-file-download';

/** Reference §1.2.6: the accepted submissions as a zip, split by user or by problem. */
export const AcSubmissionDownload = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('contests');
  const [splitType, setSplitType] = useState('user');
  const [excludeAdmin, setExcludeAdmin] = useState(false);
  return (
    <Card withBorder radius="md" padding="sm">
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={splitType}
          onChange={setSplitType}
          data={[
            { value: 'user', label: t('download.byUser') },
            { value: 'problem', label: t('download.byProblem') },
          ]}
        />
        <Switch
          label={t('download.excludeAdmin')}
          checked={excludeAdmin}
          onChange={(event) => setExcludeAdmin(event.currentTarget.checked)}
        />
        <Button
          size="xs"
          variant="light"
          data-testid="ac-download"
          onClick={() =>
            void downloadContestFile(
              '/file/download-contest-ac-submission',
              { cid, excludeAdmin, splitType },
              `contest_${cid}.zip`,
            )
          }
        >
          {t('download.acSubmissions')}
        </Button>
      </Group>
    </Card>
  );
};
