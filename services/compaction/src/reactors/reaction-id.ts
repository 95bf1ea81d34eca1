import { deterministicUuid } from '@mnemo/contracts';

/** Namespace of ids derived for reactions (a fixed v4 UUID, chosen once). */
const REACTION_NAMESPACE = '3c9e7a52-f0d1-4b6e-8a1d-5b7c2e4f6a80';

/**
 * The id of what a reaction wrote, from (the event reacted to, what it wrote): a redelivered reaction
 * derives the same ids, so the log's duplicate window stores its events once.
 */
export const reactionId = (causationId: string, role: string): string => deterministicUuid(REACTION_NAMESPACE, `${causationId}\u0000${role}`);
