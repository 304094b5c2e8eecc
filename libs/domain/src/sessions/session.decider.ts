import type { SessionEvent } from '@familyos/events';
import type { Decider } from '../shared/decider.js';
import { conflict } from '../shared/errors.js';

export interface SessionState {
  memberId: string | null;
  expiresAt: string | null;
  ended: boolean;
}

export type SessionCommand =
  | { type: 'StartSession'; memberId: string; method: 'password' | 'register' | 'hub' | 'oidc' | 'join'; expiresAt: string }
  | { type: 'EndSession' };

export const sessionDecider: Decider<SessionCommand, SessionState, SessionEvent> = {
  initialState: { memberId: null, expiresAt: null, ended: false },
  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return { ...state, memberId: event.data.memberId, expiresAt: event.data.expiresAt };
      case 'SessionEnded':
        return { ...state, ended: true };
    }
  },
  decide(command, state) {
    if (command.type === 'StartSession') {
      if (state.memberId !== null) throw conflict('Session already exists');
      return [{ type: 'SessionStarted', data: { memberId: command.memberId, method: command.method, expiresAt: command.expiresAt } }];
    }
    if (state.memberId === null || state.ended) return [];
    return [{ type: 'SessionEnded', data: { reason: 'logout' } }];
  },
};

/** A session signs requests in while it exists, has not ended and has not expired. */
export function sessionIsLive(state: SessionState, now: Date): boolean {
  return state.memberId !== null && !state.ended && state.expiresAt !== null && Date.parse(state.expiresAt) > now.getTime();
}
