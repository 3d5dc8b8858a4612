import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAvatarFile, clampCrop, coverCrop, maxAvatarBytes, zoomCrop } from './avatar-rules';

describe('avatar rules', () => {
  it('given the six types up to 2 MB, then ok; one byte more or another type, then refused', () => {
    expect(checkAvatarFile({ name: 'me.PNG', size: maxAvatarBytes })).toBe('ok');
    expect(checkAvatarFile({ name: 'me.bmp', size: 10 })).toBe('ok');
    expect(checkAvatarFile({ name: 'me.png', size: maxAvatarBytes + 1 })).toBe('tooLarge');
    expect(checkAvatarFile({ name: 'me.svg', size: 10 })).toBe('wrongType');
    expect(checkAvatarFile({ name: 'png', size: 10 })).toBe('wrongType');
  });

  const image = fc.record({ width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) });

  it('given any image, zoom and drag, then the crop still covers the whole square', () => {
    fc.assert(
      fc.property(
        image,
        fc.double({ min: 1, max: 3, noNaN: true }),
        fc.integer(),
        fc.integer(),
        (size, zoom, dx, dy) => {
          const side = 200;
          const start = coverCrop(size.width, size.height, side);
          const zoomed = zoomCrop(start, zoom, size.width, size.height, side);
          const dragged = clampCrop({ ...zoomed, x: zoomed.x + dx, y: zoomed.y + dy }, size.width, size.height, side);
          const epsilon = 1e-6;
          expect(dragged.x).toBeLessThanOrEqual(epsilon);
          expect(dragged.y).toBeLessThanOrEqual(epsilon);
          expect(dragged.x + size.width * dragged.scale).toBeGreaterThanOrEqual(side - epsilon * side);
          expect(dragged.y + size.height * dragged.scale).toBeGreaterThanOrEqual(side - epsilon * side);
        },
      ),
    );
  });
});
