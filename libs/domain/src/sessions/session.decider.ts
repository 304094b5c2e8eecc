import type { SessionEvent, SignInMethod } from '@familyos/events';
import type { Decider } from '../shared/decider.js';
import { conflict } from '../shared/errors.js';

export interface SessionState {
  memberId: string | null;
  expiresAt: string | null;
  ended: boolean;
  /** The member's sign-in epoch when the session started (see acceptsSession in member.decider.ts). */
  epoch: number;
}

export type SessionCommand =
  | { type: 'StartSession'; memberId: string; method: SignInMethod; expiresAt: string; epoch: number }
  | { type: 'EndSession' };

export const sessionDecider: Decider<SessionCommand, SessionState, SessionEvent> = {
  initialState: { memberId: null, expiresAt: null, ended: false, epoch: 0 },
  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return { ...state, memberId: event.data.memberId, expiresAt: event.data.expiresAt, epoch: event.data.epoch ?? 0 };
      case 'SessionEnded':
        return { ...state, ended: true };
    }
  },
  decide(command, state) {
    if (command.type === 'StartSession') {
      if (state.memberId !== null) throw conflict('Session already exists');
      return [
        { type: 'SessionStarted', data: { memberId: command.memberId, method: command.method, expiresAt: command.expiresAt, epoch: command.epoch } },
      ];
    }
    if (state.memberId === null || state.ended) return [];
    return [{ type: 'SessionEnded', data: { reason: 'logout' } }];
  },
};

/** A session signs requests in while it exists, has not ended and has not expired. */
export function sessionIsLive(state: SessionState, now: Date): boolean {
  return state.memberId !== null && !state.ended && state.expiresAt !== null && Date.parse(state.expiresAt) > now.getTime();
}
