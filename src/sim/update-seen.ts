/** Whether an update of the simulated world reached the agent, in the words every export uses. */
export function updateSeen(
  u: Readonly<{ happened: boolean; seen: boolean }>,
): 'to come' | 'seen' | 'unseen' {
  if (!u.happened) return 'to come';
  return u.seen ? 'seen' : 'unseen';
}
