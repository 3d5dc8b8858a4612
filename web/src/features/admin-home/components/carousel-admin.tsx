import { ActionIcon, Button, Card, FileButton, Group, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyListText } from '@/components/empty-list-text';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { carouselSuffixes, deleteCarouselImage, getCarouselImages, uploadCarouselImage } from '../api/admin-carousel';

/** The home carousel section of /admin/conf: the images shown on the home page, upload and delete. */
export const CarouselAdmin = () => {
  const { t } = useTranslation('adminHome');
  const images = useRemote(getCarouselImages, []);
  const [isUploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      await uploadCarouselImage(file);
      showToast('success', t('carousel.uploaded'));
      images.reload();
    } catch {
      // already toasted
    } finally {
      setUploading(false);
    }
  };
  const remove = async (id: number) => {
    try {
      await deleteCarouselImage(id);
      showToast('success', t('deleted'));
      images.reload();
    } catch {
      // already toasted
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" mt="md" data-testid="carousel-admin">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('carousel.title')}</Title>
        <FileButton onChange={(file) => void upload(file)} accept={carouselSuffixes.map((s) => `.${s}`).join(',')}>
          {(props) => (
            <Button {...props} loading={isUploading} data-testid="carousel-upload">
              {t('carousel.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        {t('carousel.hint')}
      </Text>
      {(images.data ?? []).length === 0 ? (
        <EmptyListText>{t('carousel.empty')}</EmptyListText>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {images.data?.map((image) => (
            <Card key={image.id} withBorder padding={0} radius="md" pos="relative" data-testid="carousel-image">
              <Image src={image.url} h={140} fit="cover" alt="" />
              <ActionIcon
                pos="absolute"
                top={6}
                right={6}
                color="red"
                variant="filled"
                aria-label={t('delete')}
                onClick={() => void remove(image.id)}
              >
                ✕
              </ActionIcon>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
};
