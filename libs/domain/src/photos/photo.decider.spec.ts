import type { PhotoEvent } from '@familyos/events';
import { limits, messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import type { Actor } from '../shared/actor.js';
import { isPhotoId, photoDecider, photoIdOf, photoUrlOf, type PhotoCommand } from './photo.decider.js';

const PHOTO = '0b7c3a52-4c1e-4c55-9a57-2f0f8a1e6b11';
const SHA = 'a'.repeat(64);
const emma: Actor = { id: 'emma', role: 'child', familyId: 'family-1' };
const root: Actor = { id: 'root', role: 'superuser', familyId: null };

const spec = deciderSpec(photoDecider);

const upload = (overrides: Partial<PhotoCommand> = {}): PhotoCommand => ({
  type: 'UploadPhoto',
  actor: emma,
  photoId: PHOTO,
  contentType: 'image/png',
  size: 1234,
  sha256: SHA,
  ...overrides,
});
const uploaded: PhotoEvent = {
  type: 'PhotoUploaded',
  data: { photoId: PHOTO, familyId: 'family-1', uploadedBy: 'emma', contentType: 'image/png', size: 1234, sha256: SHA },
};

describe('photo decider', () => {
  it("records an upload for the uploader's family", () => {
    spec.given([]).when(upload()).then([uploaded]);
  });

  it('records it once', () => {
    spec.given([uploaded]).when(upload()).thenNothing();
  });

  it('refuses a member without a family', () => {
    spec.given([]).when(upload({ actor: root })).thenRefuses('not_found');
  });

  it.each(['image/svg+xml', 'text/html', 'application/octet-stream'])('refuses content of type %s', (contentType) => {
    spec.given([]).when(upload({ contentType })).thenRefuses('invalid', messages.photoNotImage);
  });

  it('accepts exactly the size limit and refuses one byte more, or nothing', () => {
    spec.given([]).when(upload({ size: limits.photo.maxBytes })).then([{ ...uploaded, data: { ...uploaded.data, size: limits.photo.maxBytes } } as PhotoEvent]);
    spec.given([]).when(upload({ size: limits.photo.maxBytes + 1 })).thenRefuses('invalid', messages.photoTooLarge);
    spec.given([]).when(upload({ size: 0 })).thenRefuses('invalid', messages.photoRequired);
  });

  it('refuses an id that is not a server-made UUID', () => {
    spec.given([]).when(upload({ photoId: '../../etc/passwd' })).thenRefuses('invalid');
  });
});

describe('photo URLs', () => {
  it('round-trip an id', () => {
    expect(photoUrlOf(PHOTO)).toBe(`/api/photos/${PHOTO}`);
    expect(photoIdOf(photoUrlOf(PHOTO))).toBe(PHOTO);
    expect(isPhotoId(PHOTO)).toBe(true);
  });

  it.each([
    'https://example.invalid/api/photos/0b7c3a52-4c1e-4c55-9a57-2f0f8a1e6b11',
    '/api/photos/0b7c3a52-4c1e-4c55-9a57-2f0f8a1e6b11/../x',
    '/api/photos/not-a-uuid',
    '/api/photos/0B7C3A52-4C1E-4C55-9A57-2F0F8A1E6B11',
    'javascript:alert(1)',
    '',
  ])('name no photo: %p', (url) => {
    expect(photoIdOf(url)).toBeNull();
  });
});
