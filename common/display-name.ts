/** Spec 2 §3: a member is shown by their Kick name, else their Discord display name, else their username. */
export const displayName = (member: { kick_username?: string | null; global_name?: string | null; username: string }) =>
  member.kick_username || member.global_name || member.username;
