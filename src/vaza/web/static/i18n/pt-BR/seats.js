// Textos em português do Brasil: lugares que mudam (o lugar de um robô tomado, um lugar guardado
// até o fim da mão, as ferramentas do anfitrião, como uma mesa terminou).  As chaves são as
// mesmas de ../en/seats.js (um teste confere).

export default {
  "seats.take": "Sentar",
  "seats.take.about": "Um robô joga aqui: tome o lugar dele (já, ou ao fim desta mão se você viu mais do que este lugar vê)",
  "seats.kept": "próxima mão: {name}",
  "seats.kept.you": "seu na próxima mão",
  "seats.kept.about": "Este lugar está guardado para uma pessoa a partir do fim desta mão; até lá o robô joga",
  "seats.kept.cancel": "Desistir",
  "seats.kept.told": "Você viu mais do que {seat} vê nesta mão: você se senta quando a mão terminar.",
  "seats.name": "Dar nome à mesa",
  "seats.name.title": "O nome da mesa",
  "seats.name.label": "Nome (mostrado no salão)",
  "seats.name.save": "Salvar",
  "seats.close": "Fechar a mesa",
  "seats.close.title": "Fechar a mesa?",
  "seats.close.explain": "A partida termina para todos na mesa, e a mesa sai do salão.",
  "seats.closed": "{name} fechou a mesa: a partida terminou.",
  "seats.abandoned": "Não restou ninguém nesta mesa: a partida terminou.",
  "seats.offer": "Lugar oferecido",
  "seats.offer.any": "qualquer lugar",
  "seats.offer.seat": "lugar {seat}",
  "seats.invited.seat": "Sentar em {seat}",
  "seats.robot.for": "um robô terminou por você",
  "seats.robot.for.about": "Você se levantou ou saiu durante esta mão: ela conta para você só até onde você jogou",
};
