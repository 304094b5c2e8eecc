/** Letters, digits, `-` and `_` only: an id is never a path, a dot-name or a query operator. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Every blob store adapter checks an id with this before using it (ids are made by the server: UUIDs). */
export function assertBlobId(id: string): void {
  if (!SAFE_ID.test(id)) throw new Error(`Invalid blob id: ${JSON.stringify(id)}`);
}

/** Where the `width`-pixel thumbnail of a photo is kept: beside its original, under an id of the same alphabet. */
export const thumbnailBlobId = (photoId: string, width: number): string => `${photoId}_w${width}`;
