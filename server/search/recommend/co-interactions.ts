// Who did what: the items each user clicked, viewed or converted on, and the reverse. Two items
// go together as often as the same users interacted with both, counted once per user.
import { userOf } from './scores.ts'
import type { RecommendEvent } from './types.ts'

export interface CoInteractions {
  /**
   * For each other item, the share (0–1) of the users who interacted with `item` who also
   * interacted with it.
   */
  with(item: string): Map<string, number>
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key)
  if (set) set.add(value)
  else map.set(key, new Set([value]))
}

export function coInteractions(
  events: readonly RecommendEvent[],
  counts: (event: RecommendEvent) => boolean,
): CoInteractions {
  const itemsOfUser = new Map<string, Set<string>>()
  const usersOfItem = new Map<string, Set<string>>()
  for (const event of events) {
    if (!counts(event)) continue
    const user = userOf(event)
    for (const id of event.objectIDs ?? []) {
      addTo(itemsOfUser, user, id)
      addTo(usersOfItem, id, user)
    }
  }
  return {
    with(item) {
      const shares = new Map<string, number>()
      const users = usersOfItem.get(item)
      if (!users) return shares
      for (const user of users) {
        for (const other of itemsOfUser.get(user) ?? []) {
          if (other !== item) shares.set(other, (shares.get(other) ?? 0) + 1)
        }
      }
      for (const [other, count] of shares) shares.set(other, count / users.size)
      return shares
    },
  }
}
