import { Box, Group, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarouselImage } from '../api/get-home-carousel';

/** Spec 000 §9: 5000 ms a slide, 440 px tall, 200 px under 768 px. */
const intervalMs = 5000;

export const HomeCarousel = ({ images }: { images: readonly CarouselImage[] }) => {
  const { t } = useTranslation('home');
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [shown, setShown] = useState(0);
  const [isPaused, setPaused] = useState(false);
  useEffect(() => {
    if (images.length < 2 || isPaused) return;
    const timer = setInterval(() => setShown((index) => (index + 1) % images.length), intervalMs);
    return () => clearInterval(timer);
  }, [images.length, isPaused]);
  if (images.length === 0) return null;
  const current = Math.min(shown, images.length - 1);
  return (
    <Box
      data-testid="home-carousel"
      pos="relative"
      h={isNarrow ? 200 : 440}
      mb="lg"
      style={{ borderRadius: 12, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {images.map((image, index) => (
        <img
          key={image.id}
          src={image.url}
          alt={t('carousel.slide', { n: index + 1 })}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            opacity: index === current ? 1 : 0,
            transition: 'opacity 600ms ease',
          }}
        />
      ))}
      {images.length > 1 && (
        <Group gap={6} pos="absolute" bottom={12} left={0} right={0} justify="center">
          {images.map((image, index) => (
            <UnstyledButton
              key={image.id}
              aria-label={t('carousel.slide', { n: index + 1 })}
              onClick={() => setShown(index)}
              w={index === current ? 22 : 10}
              h={6}
              style={{ borderRadius: 3, background: index === current ? 'white' : 'rgba(255,255,255,0.55)' }}
            />
          ))}
        </Group>
      )}
    </Box>
  );
};
