// Textos em português: aonde leva uma mesa de evento quando termina, e os nomes e alertas do
// visualizador de mãos.  As chaves são as de ../en/eventlinks.js (um teste confere).

export default {
  "eventlinks.title": "Seus resultados: {event}",
  "eventlinks.boards.one": "board {n}",
  "eventlinks.boards.many": "boards {first}–{last}",
  "eventlinks.table.go": "Ir para a minha mesa: {seat}, {boards}",
  "eventlinks.round": "Rodada {round} de {rounds}",
  "eventlinks.ready": "Os resultados estão prontos: todas as mesas que jogaram estes boards terminaram.",
  "eventlinks.ready.final": "O evento terminou: a classificação é definitiva.",
  "eventlinks.ready.round": "Os resultados da rodada {round} estão prontos.",
  "eventlinks.ready.toast": "Resultados prontos: {event}",
  "eventlinks.waiting": "Outras mesas ainda jogam estes boards: seus resultados podem mudar até elas terminarem.",
  "eventlinks.standing": "Sua colocação: {place} de {of}",
  "eventlinks.col.score": "Pontos",
  "eventlinks.col.earned.mp": "%",
  "eventlinks.col.earned.imps": "IMPs",
  "eventlinks.notplayed": "não jogado",
  "eventlinks.ranking": "Classificação",
  "eventlinks.traveller.of": "Traveller do board {n}",
  "eventlinks.next": "Ir para a rodada {round}: {boards}",
  "eventlinks.event": "Página do evento",
  "eventlinks.players": "Jogadores",
  "eventlinks.alerts": "Alertas",
  "eventlinks.alert.of": "de {seat}: {text}",
};
