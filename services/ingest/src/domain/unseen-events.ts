/** What the read models already hold of one session: the ids of its projected events. */
export interface KnownSessionEvents {
  eventIds: ReadonlySet<string>;
  /** The session row has a SessionStarted; its id is not kept, and a second one would change nothing. */
  started: boolean;
}

/**
 * The events of a transcript the read models do not hold yet. Ids are deterministic, so an event
 * already projected is the same event: re-reading a grown or unchanged file sends only what is new,
 * long after the log's duplicate window has passed.
 */
export function unseenEvents<E extends { id: string; type: string }>(
  events: readonly E[],
  known: KnownSessionEvents,
): E[] {
  return events.filter(
    (e) => !(known.eventIds.has(e.id) || (e.type === 'SessionStarted' && known.started)),
  );
}
