import { messages } from '@familyos/contracts/rules';
import { deciderSpec } from '@familyos/testing';
import { identityDecider } from './member.decider.js';

const identities = deciderSpec(identityDecider);
const claim = (memberId: string) => ({ type: 'ClaimIdentity' as const, provider: 'hub' as const, subject: 'hub-1001', memberId });

describe('identityDecider', () => {
  it('an unclaimed identity goes to the first member linked', () => {
    identities.given([]).when(claim('m1')).then([{ type: 'IdentityClaimed', data: { provider: 'hub', subject: 'hub-1001', memberId: 'm1' } }]);
  });

  it('claiming it again for the same member changes nothing', () => {
    identities.given([{ type: 'IdentityClaimed', data: { provider: 'hub', subject: 'hub-1001', memberId: 'm1' } }]).when(claim('m1')).thenNothing();
  });

  it('an identity can never become a second member', () => {
    identities
      .given([{ type: 'IdentityClaimed', data: { provider: 'hub', subject: 'hub-1001', memberId: 'm1' } }])
      .when(claim('m2'))
      .thenRefuses('conflict', messages.alreadyMember);
  });
});
