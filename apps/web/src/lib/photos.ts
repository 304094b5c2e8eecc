import { limits } from '@familyos/contracts/rules';

/**
 * An uploaded photo's thumbnails for <img srcset> (decision 055): the server answers `?size=` with the photo that
 * many pixels wide (never wider than it is), so a phone downloads the small one and a laptop a sharper one.
 */
export const photoSrcSet = (photoUrl: string): string => limits.photo.widths.map((w) => `${photoUrl}?size=${w} ${w}w`).join(', ');

/** The thumbnail for a browser that ignores srcset: the middle width. */
export const photoFallbackSrc = (photoUrl: string): string => `${photoUrl}?size=${limits.photo.widths[1]}`;
