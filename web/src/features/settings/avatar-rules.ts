/** Spec 002 §5: the avatar types and the 2 MB limit, checked before anything is read or sent. */
export const avatarSuffixes = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;
export const maxAvatarBytes = 2 * 1024 * 1024;

export type AvatarCheck = 'ok' | 'wrongType' | 'tooLarge';

export const checkAvatarFile = (file: { name: string; size: number }): AvatarCheck => {
  const suffix = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!(avatarSuffixes as readonly string[]).includes(suffix)) return 'wrongType';
  return file.size > maxAvatarBytes ? 'tooLarge' : 'ok';
};

/** The square crop: the image covers the side, `zoom` ≥ 1 enlarges it, offsets stay inside the image. */
export type Crop = { scale: number; x: number; y: number };

export const coverCrop = (width: number, height: number, side: number): Crop => {
  const scale = side / Math.min(width, height);
  return { scale, x: (side - width * scale) / 2, y: (side - height * scale) / 2 };
};

export const clampCrop = (crop: Crop, width: number, height: number, side: number): Crop => ({
  scale: crop.scale,
  x: Math.min(0, Math.max(side - width * crop.scale, crop.x)),
  y: Math.min(0, Math.max(side - height * crop.scale, crop.y)),
});

/** Zooms around the square's centre, so the middle of the picture stays put. */
export const zoomCrop = (crop: Crop, zoom: number, width: number, height: number, side: number): Crop => {
  const base = coverCrop(width, height, side).scale;
  const scale = base * zoom;
  const centre = side / 2;
  const x = centre - ((centre - crop.x) / crop.scale) * scale;
  const y = centre - ((centre - crop.y) / crop.scale) * scale;
  return clampCrop({ scale, x, y }, width, height, side);
};
