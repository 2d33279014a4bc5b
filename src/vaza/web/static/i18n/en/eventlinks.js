// English texts: where an event table leads once it is over, and the deal viewer's names and
// alerts.  Keys are shared with ../pt-BR/eventlinks.js (a test checks both catalogues hold the
// same keys).

export default {
  "eventlinks.title": "Your results: {event}",
  "eventlinks.boards.one": "board {n}",
  "eventlinks.boards.many": "boards {first}–{last}",
  "eventlinks.table.go": "Go to my table: {seat}, {boards}",
  "eventlinks.round": "Round {round} of {rounds}",
  "eventlinks.ready": "The results are ready: every table that played these boards has finished.",
  "eventlinks.ready.final": "The event is over: the ranking is final.",
  "eventlinks.ready.round": "The results of round {round} are ready.",
  "eventlinks.ready.toast": "Results ready: {event}",
  "eventlinks.waiting": "Other tables are still playing these boards: your results may change until they finish.",
  "eventlinks.standing": "Your place: {place} of {of}",
  "eventlinks.col.score": "Score",
  "eventlinks.col.earned.mp": "%",
  "eventlinks.col.earned.imps": "IMPs",
  "eventlinks.notplayed": "not played",
  "eventlinks.ranking": "Ranking",
  "eventlinks.traveller.of": "Traveller of board {n}",
  "eventlinks.next": "Go to round {round}: {boards}",
  "eventlinks.event": "Event page",
  "eventlinks.players": "Players",
  "eventlinks.alerts": "Alerts",
  "eventlinks.alert.of": "by {seat}: {text}",
};
