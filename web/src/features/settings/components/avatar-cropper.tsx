import { Box, Button, FileButton, Group, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { updateUser } from '@/stores/session';
import { uploadAvatar } from '../api/account-calls';
import { avatarSuffixes, checkAvatarFile, clampCrop, coverCrop, zoomCrop, type Crop } from '../avatar-rules';

/** Issue 5: the avatar is cropped to 200x200 in the browser, then uploaded as a PNG. */
const side = 200;

const loadImage = (file: File) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });

export const AvatarCropper = () => {
  const { t } = useTranslation('settings');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>({ scale: 1, x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [isUploading, setUploading] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !image) return;
    context.clearRect(0, 0, side, side);
    context.drawImage(image, crop.x, crop.y, image.naturalWidth * crop.scale, image.naturalHeight * crop.scale);
  }, [image, crop]);

  const choose = async (file: File | null) => {
    if (!file) return;
    const check = checkAvatarFile(file);
    if (check !== 'ok') return showToast('error', t(`avatar.${check}`));
    try {
      const loaded = await loadImage(file);
      setImage(loaded);
      setZoom(1);
      setCrop(coverCrop(loaded.naturalWidth, loaded.naturalHeight, side));
    } catch {
      showToast('error', t('avatar.unreadable'));
    }
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !image) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((current) =>
      clampCrop({ ...current, x: current.x + dx, y: current.y + dy }, image.naturalWidth, image.naturalHeight, side),
    );
  };
  const changeZoom = (value: number) => {
    if (!image) return;
    setZoom(value);
    setCrop((current) => zoomCrop(current, value, image.naturalWidth, image.naturalHeight, side));
  };
  const upload = () => {
    canvas.current?.toBlob((blob) => {
      if (!blob) return;
      setUploading(true);
      uploadAvatar(blob, 'avatar.png')
        .then((user) => {
          if (user) updateUser({ avatar: user.avatar });
          setImage(null);
          showToast('success', t('avatar.uploaded'));
        })
        .catch(() => undefined)
        .finally(() => setUploading(false));
    }, 'image/png');
  };

  return (
    <Stack gap="sm" data-testid="avatar-cropper">
      <Group gap="sm">
        <FileButton onChange={(file) => void choose(file)} accept={avatarSuffixes.map((s) => `.${s}`).join(',')}>
          {(props) => (
            <Button variant="default" {...props} data-testid="avatar-choose">
              {t('avatar.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('avatar.rules')}
        </Text>
      </Group>
      {image && (
        <Stack gap="xs" maw={side}>
          <Box
            component="canvas"
            ref={canvas}
            width={side}
            height={side}
            data-testid="avatar-canvas"
            style={{ borderRadius: 8, cursor: 'grab', touchAction: 'none', border: '1px solid #dee2e6' }}
            onPointerDown={(event: PointerEvent<HTMLCanvasElement>) => {
              drag.current = { x: event.clientX, y: event.clientY };
              event.currentTarget.setPointerCapture(event.pointerId);
            }}
            onPointerMove={move}
            onPointerUp={() => {
              drag.current = null;
            }}
          />
          <Text size="xs" c="dimmed">
            {t('avatar.zoom')}
          </Text>
          <Slider min={1} max={3} step={0.05} value={zoom} onChange={changeZoom} label={null} />
          <Group gap="xs">
            <Button onClick={upload} loading={isUploading} data-testid="avatar-upload">
              {t('avatar.upload')}
            </Button>
            <Button variant="subtle" color="gray" onClick={() => setImage(null)}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
};
