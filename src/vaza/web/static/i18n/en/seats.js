// English texts: seats that move (a robot's seat taken, a seat kept to the deal's end, the
// host's tools, how a table ended).  Keys are shared with ../pt-BR/seats.js (a test checks).

export default {
  "seats.take": "Take seat",
  "seats.take.about": "A robot plays here: take its place (at once, or when this deal ends if you have seen more than this seat sees)",
  "seats.kept": "next deal: {name}",
  "seats.kept.you": "yours next deal",
  "seats.kept.about": "This seat is kept for a person from the end of this deal; the robot plays it until then",
  "seats.kept.cancel": "Let go",
  "seats.kept.told": "You have seen more than {seat} sees in this deal: you take the seat when the deal ends.",
  "seats.name": "Name the table",
  "seats.name.title": "The table's name",
  "seats.name.label": "Name (shown in the lobby)",
  "seats.name.save": "Save",
  "seats.close": "Close the table",
  "seats.close.title": "Close the table?",
  "seats.close.explain": "The match ends for everyone at the table, and the table leaves the lobby.",
  "seats.closed": "{name} closed the table: the match is over.",
  "seats.abandoned": "Nobody is left at this table: the match is over.",
  "seats.offer": "Seat offered",
  "seats.offer.any": "any seat",
  "seats.offer.seat": "seat {seat}",
  "seats.invited.seat": "Take seat {seat}",
  "seats.robot.for": "a robot finished it for you",
  "seats.robot.for.about": "You stood up or went away during this deal: it counts for you only as far as you played it",
};
