import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { opened: boolean; message: string; onConfirm: () => void; onClose: () => void };

/** A yes/no question before a destructive editor action (spec 000 §5: reset code, fetch last AC code). */
export const ConfirmDialog = ({ opened, message, onConfirm, onClose }: Props) => {
  const { t } = useTranslation('problems');
  return (
    <Modal opened={opened} onClose={onClose} title={t('confirm.title')} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('confirm.no')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {t('confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
};
