import { can } from '@familyos/domain';
import type { ReadModelStore } from '@familyos/read-models';
import { collections, type MemberDoc } from '@familyos/projections';

/** A parent who wants this mail, at their address. */
export type Recipient = MemberDoc & { email: { address: string } };

/**
 * The family's members a mail goes to: active parents (those who review) with a confirmed address who left the
 * mail on. A child never gets one, whatever its settings say; an address whose owner has not followed its link
 * gets nothing but that link (decision 043).
 */
export async function recipientsOf(readModels: ReadModelStore, familyId: string, mail: 'weeklyReport' | 'dailyDigest'): Promise<Recipient[]> {
  const members = await readModels.find(collections.members, { where: { familyId } });
  return members.filter((m): m is Recipient => m.active && can(m, 'reviewTasks') && Boolean(m.email?.address) && m.email!.confirmed === true && m.email![mail]);
}
