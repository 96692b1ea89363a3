// What a hit card shows (hit-card.tsx). The results page asks for only these, plus objectID and the
// highlights, so a page of 20 hubs does not carry their opening hours and phone numbers over a slow
// network. No imports: the HTTP benchmark sends the same request.

export const HIT_CARD_ATTRIBUTES = [
  'name',
  'city',
  'federalState',
  'trains',
  'category',
  'facilities',
  'steplessAccess',
]
