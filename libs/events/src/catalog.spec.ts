import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaVersions, upcast } from './catalog.js';
import type { StoredEvent } from './envelope.js';

const fixture = (name: string): StoredEvent =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8')) as StoredEvent;

describe('upcasting stored events', () => {
  it('brings a stored TaskCreated v0 up to the current payload, filling what v0 kept in metadata', () => {
    const upcasted = upcast(fixture('task-created.v0.json'));
    expect(upcasted.metadata.schemaVersion).toBe(schemaVersions.TaskCreated);
    expect(upcasted.data).toEqual({
      taskId: '0b6a2c9e-4c1e-4f55-9d0e-2f7c3f1b8a11',
      familyId: 'f1',
      createdBy: 'mom',
      title: 'Feed Pets',
      description: 'Fresh food and water',
      pointsValue: 5,
      dueDate: null,
      assignedTo: ['c1'],
      isRecurring: false,
      recurringFrequency: null,
      isChildRequest: false,
      requestType: null,
    });
    expect({ ...upcasted, data: undefined, metadata: undefined }).toEqual({
      ...fixture('task-created.v0.json'),
      data: undefined,
      metadata: undefined,
    });
  });

  it('leaves a current event, and an unknown type, exactly as stored', () => {
    const current = { ...fixture('task-created.v0.json'), metadata: { ...fixture('task-created.v0.json').metadata, schemaVersion: 1 } };
    expect(upcast(current)).toBe(current);
    const unknown = { ...current, type: 'SomethingFromTheFuture' };
    expect(upcast(unknown)).toBe(unknown);
  });

  it('refuses a version it has no upcaster for, rather than guessing', () => {
    const ancient = { ...fixture('task-created.v0.json'), type: 'PointsIssued', metadata: { ...fixture('task-created.v0.json').metadata, schemaVersion: 0 } };
    expect(() => upcast(ancient)).toThrow('No upcaster for PointsIssued v0');
  });
});
