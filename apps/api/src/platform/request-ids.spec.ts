import { isPhotoId } from '@familyos/domain';
import { requestContext } from './request-context.js';
import { newId, newSecret } from './request-ids.js';

const inRequest = <T>(idSeed: string | undefined, fn: () => T): T => requestContext.run({ writtenPosition: 0, idSeed }, fn);

describe('ids a command makes (decision 026)', () => {
  it('inside a keyed request: the same seed and purpose give the same id, shaped as a UUID', () => {
    const first = inRequest('seed-1', () => [newId('task'), newId('photo'), newSecret('inviteToken')]);
    const again = inRequest('seed-1', () => [newId('task'), newId('photo'), newSecret('inviteToken')]);
    expect(again).toEqual(first);
    expect(first[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Photo URLs accept only UUID-shaped ids: a derived photo id is one.
    expect(isPhotoId(first[1]!)).toBe(true);
    expect(first[2]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('another purpose or another seed gives another id', () => {
    const ids = [inRequest('seed-1', () => newId('task')), inRequest('seed-1', () => newId('comment')), inRequest('seed-2', () => newId('task'))];
    expect(new Set(ids).size).toBe(3);
    expect(inRequest('seed-1', () => newSecret('inviteToken'))).not.toBe(inRequest('seed-2', () => newSecret('inviteToken')));
  });

  it('outside a keyed request every id and secret is new', () => {
    expect(newId('task')).not.toBe(newId('task'));
    expect(inRequest(undefined, () => newId('task'))).not.toBe(inRequest(undefined, () => newId('task')));
    expect(newSecret('inviteToken')).not.toBe(newSecret('inviteToken'));
  });
});
