"""What the system's calls mean, in English and Portuguese (Brazil).

A call's explanation is its label (what kind of call it is) followed by the ranges it shows,
written from the same ranges the robots read: "Opening bid: 11–21 HCP, 5+ ♥" /
"Abertura: 11–21 PH, 5+ ♥".  Portuguese uses the club's words: PH (pontos de honra), ST (sem
trunfo), manche, cheleme, dobro.
"""

from __future__ import annotations

from typing import Final

from vaza.robots.constraints import HandConstraints

_SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")

LABELS: Final[dict[str, tuple[str, str]]] = {
    # openings
    "open_one_major": ("Opening bid, five-card major", "Abertura, naipe maior de cinco cartas"),
    "open_one_minor": ("Opening bid in a minor", "Abertura em naipe menor"),
    "open_1nt": ("1NT opening, balanced", "Abertura de 1ST, mão equilibrada"),
    "open_2nt": ("2NT opening, balanced", "Abertura de 2ST, mão equilibrada"),
    "strong_two_clubs": ("Strong 2♣, artificial", "2♣ forte, artificial"),
    "weak_two": ("Weak two, six-card {suit} suit", "Dois fraco, seis cartas de {suit}"),
    "preempt": ("Preempt, long {suit} suit", "Barragem, naipe longo de {suit}"),
    "pass_opening": ("No opening bid", "Sem abertura"),
    # no trump structures
    "stayman": ("Stayman: asks for a four-card major", "Stayman: pergunta por maior de quatro"),
    "stayman_hearts": ("Answer to Stayman: four hearts", "Resposta à Stayman: quatro copas"),
    "stayman_spades": ("Answer to Stayman: four spades, not four hearts",
                       "Resposta à Stayman: quatro espadas, sem quatro copas"),
    "stayman_none": ("Answer to Stayman: no four-card major",
                     "Resposta à Stayman: sem maior de quatro"),
    "transfer": ("Transfer: five or more {suit}", "Transferência: cinco ou mais {suit}"),
    "transfer_accept": ("Completes the transfer to {suit}", "Completa a transferência para {suit}"),
    "super_accept": ("Super-accepts the transfer: maximum with four {suit}",
                     "Superaceita a transferência: máximo com quatro {suit}"),
    "minor_transfer": ("Weak hand with a long minor; asks partner to bid 3♣",
                       "Mão fraca com menor longo; pede 3♣ ao parceiro"),
    "relay_clubs": ("Forced 3♣", "3♣ obrigatório"),
    "minor_signoff": ("To play in {suit}", "Para jogar em {suit}"),
    "nt_pass": ("Pass, content", "Passo, satisfeito"),
    "nt_invite": ("Invites 3NT", "Convite a 3ST"),
    "nt_game": ("To play 3NT", "Para jogar 3ST"),
    "nt_quantitative": ("Quantitative: invites 6NT", "Quantitativo: convite a 6ST"),
    "nt_small_slam": ("Small slam in no trump", "Cheleme menor em ST"),
    "nt_grand": ("Grand slam in no trump", "Cheleme maior em ST"),
    "nt_accept": ("Accepts the invitation", "Aceita o convite"),
    "fit_game": ("Game in the fit", "Manche no fit"),
    "fit_invite": ("Invites game in the fit", "Convite a manche no fit"),
    "fit_signoff": ("Stops in the fit", "Para no fit"),
    "invite_accept": ("Accepts the invitation to game", "Aceita o convite a manche"),
    "five_card_major_game": ("Five {suit}, game forcing", "Cinco {suit}, forçante a manche"),
    "five_spades_invite": ("Five spades, invitational", "Cinco espadas, convite"),
    "transfer_game": ("Six or more {suit}, game", "Seis ou mais {suit}, manche"),
    "transfer_nt_game": ("Five {suit}: choice of games", "Cinco {suit}: escolha de manche"),
    "transfer_invite": ("Six or more {suit}, invitational", "Seis ou mais {suit}, convite"),
    "transfer_nt_invite": ("Five {suit}, invitational", "Cinco {suit}, convite"),
    "transfer_pass": ("Weak: to play the transfer suit", "Fraca: joga no naipe transferido"),
    # key cards and slams
    "rkcb": ("Roman Key Card Blackwood (1430), {suit} trumps",
             "Blackwood Roman Key Card (1430), trunfo {suit}"),
    "rkcb_1_4": (
        "One or four key cards ({suit} trumps)",
        "Uma ou quatro cartas-chave (trunfo {suit})",
    ),
    "rkcb_0_3": ("Three or zero key cards ({suit} trumps)",
                 "Três ou zero cartas-chave (trunfo {suit})"),
    "rkcb_2": ("Two key cards without the queen of {suit}",
               "Duas cartas-chave sem a dama de {suit}"),
    "rkcb_2q": ("Two key cards with the queen of {suit}", "Duas cartas-chave com a dama de {suit}"),
    "small_slam": ("Small slam in {suit}", "Cheleme menor em {suit}"),
    "grand_slam": ("Grand slam in {suit}", "Cheleme maior em {suit}"),
    "slam_signoff": ("Two key cards missing: stops below slam",
                     "Faltam duas cartas-chave: para abaixo do cheleme"),
    # responses
    "jacoby_2nt": ("Jacoby 2NT: four-card {suit} support, game forcing",
                   "Jacoby 2ST: apoio de quatro em {suit}, forçante a manche"),
    "preemptive_game_raise": ("Preemptive raise to game", "Apoio de barragem a manche"),
    "limit_raise": ("Limit raise in {suit}", "Apoio limite em {suit}"),
    "single_raise": ("Single raise in {suit}", "Apoio simples em {suit}"),
    "new_suit_one": ("New suit at the one level", "Naipe novo no nível de um"),
    "new_suit_two": ("New suit at the two level", "Naipe novo no nível de dois"),
    "jump_shift": (
        "Jump shift: strong, game forcing",
        "Salto em naipe novo: forte, forçante a manche",
    ),
    "response_1nt": ("1NT response", "Resposta de 1ST"),
    "response_2nt_minor": ("2NT: invitational, balanced", "2ST: convite, equilibrada"),
    "response_3nt_minor": (
        "3NT: to play, no four-card major",
        "3ST: para jogar, sem maior de quatro",
    ),
    "response_3nt_major": ("3NT: balanced, two cards in partner's major",
                           "3ST: equilibrada, duas cartas no maior do parceiro"),
    "response_pass": ("Pass: too weak to respond", "Passo: fraca demais para responder"),
    # opener's rebids
    "jacoby_minimum": ("Minimum opening, no shortness", "Abertura mínima, sem curtos"),
    "jacoby_extra": ("Extra values, slam interest", "Valores extras, interesse em cheleme"),
    "rebid_raise": ("Raises partner's {suit}", "Apoia {suit} do parceiro"),
    "rebid_raise_jump": (
        "Jump raise of {suit}, invitational",
        "Apoio com salto em {suit}, convite",
    ),
    "rebid_raise_game": ("Raise to game in {suit}", "Apoio a manche em {suit}"),
    "rebid_raise_two_over_one": ("Raises partner's {suit}", "Apoia {suit} do parceiro"),
    "rebid_1nt": ("1NT rebid: minimum, balanced", "Redeclara 1ST: mínima, equilibrada"),
    "rebid_2nt": ("2NT rebid: balanced", "Redeclara 2ST: equilibrada"),
    "rebid_2nt_minimum": ("2NT: minimum, balanced", "2ST: mínima, equilibrada"),
    "rebid_3nt": ("3NT: balanced, to play", "3ST: equilibrada, para jogar"),
    "rebid_3nt_strong": ("3NT: strong hand, to play", "3ST: mão forte, para jogar"),
    "rebid_nt": ("No trump with their suit stopped", "ST com parada no naipe adversário"),
    "rebid_new_suit_one": ("New suit at the one level", "Naipe novo no nível de um"),
    "rebid_new_suit": ("New suit, natural", "Naipe novo, natural"),
    "reverse": ("Reverse: strong, forcing", "Reverse: forte, forçante"),
    "rebid_own": ("Rebids {suit}", "Repete {suit}"),
    "rebid_own_jump": ("Jump rebid in {suit}, invitational", "Repete {suit} com salto, convite"),
    "rebid_own_game": ("Game in own {suit}", "Manche no próprio {suit}"),
    "rebid_pass_1nt": ("Pass: minimum, balanced", "Passo: mínima, equilibrada"),
    # two-level openings
    "two_clubs_waiting": ("Waiting: no positive response", "Espera: sem resposta positiva"),
    "two_clubs_positive": ("Positive response, five {suit}", "Resposta positiva, cinco {suit}"),
    "two_clubs_positive_nt": ("Positive response, no five-card suit",
                              "Resposta positiva, sem naipe de cinco"),
    "rebid_2nt_2c": (
        "2NT after 2♣: balanced, not forcing",
        "2ST depois de 2♣: equilibrada, não forçante",
    ),
    "rebid_3nt_2c": ("3NT after 2♣: balanced", "3ST depois de 2♣: equilibrada"),
    "two_clubs_suit": (
        "Strong hand with {suit}, game forcing",
        "Mão forte com {suit}, forçante a manche",
    ),
    "weak_two_raise": ("Preemptive raise of {suit}", "Apoio de barragem em {suit}"),
    "weak_two_game": ("Game in {suit}", "Manche em {suit}"),
    "weak_two_preemptive_game": ("Preemptive game in {suit}", "Manche de barragem em {suit}"),
    "weak_two_ask": ("2NT: asks about strength", "2ST: pergunta pela força"),
    "weak_two_3nt": ("3NT to play", "3ST para jogar"),
    "weak_two_new_suit": ("New suit, forcing", "Naipe novo, forçante"),
    "weak_two_pass": ("Pass", "Passo"),
    "weak_two_maximum": ("Maximum weak two", "Dois fraco máximo"),
    "weak_two_minimum": ("Minimum weak two", "Dois fraco mínimo"),
    "weak_two_support": ("Support for partner's {suit}", "Apoio em {suit} do parceiro"),
    "weak_two_rebid": ("Rebids {suit}", "Repete {suit}"),
    "weak_two_signoff": ("Stops", "Para"),
    # competition
    "overcall": ("Overcall in {suit}", "Intervenção em {suit}"),
    "overcall_nt": ("No trump overcall, stopper in their suit",
                    "Intervenção em ST, parada no naipe adversário"),
    "overcall_nt_strong": ("Jump to no trump: strong, balanced, stopper in their suit",
                           "Salto em ST: forte, equilibrada, parada no naipe adversário"),
    "overcall_over_nt": ("Natural overcall in {suit}", "Intervenção natural em {suit}"),
    "weak_jump_overcall": ("Weak jump overcall in {suit}", "Intervenção fraca com salto em {suit}"),
    "preempt_overcall": ("Preemptive overcall in {suit}", "Intervenção de barragem em {suit}"),
    "takeout_double": ("Takeout double", "Dobro informativo"),
    "takeout_double_strong": ("Takeout double, strong hand", "Dobro informativo, mão forte"),
    "penalty_double_nt": ("Penalty double of their no trump", "Dobro punitivo do ST deles"),
    "pass_over_opening": ("Pass", "Passo"),
    "advance_raise": ("Raises partner's {suit}", "Apoia {suit} do parceiro"),
    "advance_game": ("Game in partner's {suit}", "Manche em {suit} do parceiro"),
    "preemptive_raise": (
        "Preemptive jump raise in {suit}",
        "Apoio de barragem com salto em {suit}",
    ),
    "cue_raise": (
        "Cue bid: limit raise or better in {suit}",
        "Cue bid: apoio limite ou melhor em {suit}",
    ),
    "cue_bid_advance": ("Cue bid: strong, asks partner to describe",
                        "Cue bid: forte, pede descrição ao parceiro"),
    "advance_nt": ("No trump with a stopper in their suit", "ST com parada no naipe adversário"),
    "advance_3nt": ("3NT with a stopper in their suit", "3ST com parada no naipe adversário"),
    "advance_new_suit": ("New suit, not forcing", "Naipe novo, não forçante"),
    "advance_jump": ("Jump in {suit}: invitational", "Salto em {suit}: convite"),
    "advance_cheapest": ("Best suit, {suit}", "Melhor naipe, {suit}"),
    "advance_pass": ("Pass", "Passo"),
    "penalty_pass": ("Pass for penalty", "Passo punitivo"),
    "redouble_strength": ("Redouble: 10+ points, no fit", "Redobro: 10+ pontos, sem fit"),
    "competitive_game_raise": ("Raise to game in {suit}", "Apoio a manche em {suit}"),
    "negative_double": ("Negative double: shows {suits}", "Dobro negativo: mostra {suits}"),
    "free_bid": ("Free bid in {suit}, forcing", "Voz livre em {suit}, forçante"),
    "competitive_nt": (
        "No trump with a stopper in their suit",
        "ST com parada no naipe adversário",
    ),
    "pass_after_overcall": ("Pass", "Passo"),
    "reopening_double": (
        "Reopening double: short in their suit",
        "Dobro de reabertura: curto no naipe adversário",
    ),
    "reopening_pass": ("Pass", "Passo"),
    # general placement
    "general_game": ("To play game in {suit}", "Para jogar manche em {suit}"),
    # the same words as general_game: to partner a game bid in a forcing auction means the
    # same, and one call read both ways said "to play game in ♥ or game in ♥"
    "general_forced_game": ("To play game in {suit}", "Para jogar manche em {suit}"),
    "general_invite": ("Invites game in {suit}", "Convite a manche em {suit}"),
    "general_part": ("To play in {suit}", "Para jogar em {suit}"),
    "general_forced_bid": ("Keeps the auction going in {suit}", "Mantém o leilão em {suit}"),
    "general_compete": ("Competes in {suit} (law of total tricks)",
                        "Disputa em {suit} (lei das vazas totais)"),
    "general_sacrifice": ("Sacrifice in {suit}", "Defesa de sacrifício em {suit}"),
    "general_explore": ("Looks for the best strain: {suit}, forcing",
                        "Procura o melhor naipe: {suit}, forçante"),
    "general_keycard_ask": ("Roman Key Card Blackwood (1430), {suit} trumps",
                            "Blackwood Roman Key Card (1430), trunfo {suit}"),
    "general_nt_small_slam": ("Small slam in no trump", "Cheleme menor em ST"),
    "general_nt_grand_slam": ("Grand slam in no trump", "Cheleme maior em ST"),
    "general_slam": ("Small slam in {suit}", "Cheleme menor em {suit}"),
    "general_penalty_double": ("Penalty double", "Dobro punitivo"),
    "penalty_double_slam": (
        "Penalty double: sure tricks against their slam",
        "Dobro punitivo: vazas certas contra o slam",
    ),
    "general_pass": ("Pass", "Passo"),
    "natural": ("Not in the system; read as natural", "Fora do sistema; lida como natural"),
    "no_fitting_call": ("No call of the system fits; pass", "Nenhuma voz do sistema serve; passo"),
}  # fmt: skip

_WORDS: Final[dict[str, tuple[str, str]]] = {
    "hcp": ("HCP", "PH"),
    "at_most": ("at most {n}", "no máximo {n}"),
    "forcing": ("Forcing.", "Forçante."),
    "game_forcing": ("Forcing to game.", "Forçante a manche."),
}


def _word(key: str, lang: str) -> str:
    english, portuguese = _WORDS[key]
    return portuguese if lang == "pt-BR" else english


def _range(low: int, high: int, floor: int, ceiling: int, lang: str) -> str | None:
    """``12–14``, ``5+``, ``at most 3``, ``4``; None when nothing is known."""
    if low <= floor and high >= ceiling:
        return None
    if low == high:
        return str(low)
    if high >= ceiling:
        return f"{low}+"
    if low <= floor:
        return _word("at_most", lang).format(n=high)
    return f"{low}–{high}"


def ranges_text(shows: HandConstraints, lang: str = "en") -> str:
    """The ranges in words: ``12–14 HCP, 5+ ♥, at most 3 ♠``."""
    parts = []
    points = _range(shows.hcp[0], shows.hcp[1], 0, 37, lang)
    if points is not None:
        parts.append(f"{points} {_word('hcp', lang)}")
    for suit in (3, 2, 1, 0):
        low, high = shows.lengths[suit]
        length = _range(low, high, 0, 13, lang)
        if length is not None:
            parts.append(f"{length} {_SUIT_SYMBOLS[suit]}")
    return ", ".join(parts)


def _label_text(label: str, params: tuple[tuple[str, str], ...], lang: str) -> str:
    english, portuguese = LABELS.get(label, (label, label))
    template = portuguese if lang == "pt-BR" else english
    values = dict(params)
    values.setdefault("suit", "")
    values.setdefault("suits", "")
    if lang == "pt-BR":
        values["suit"] = values["suit"].replace("NT", "ST")
    return template.format(**values)


def describe(
    meanings: tuple[tuple[str, tuple[tuple[str, str], ...]], ...],
    shows: HandConstraints,
    forcing: int,
    lang: str = "en",
) -> str:
    """A call's explanation in `lang` (``en`` or ``pt-BR``; anything else is English): its
    meanings joined by "or", then the ranges they show together."""
    texts: list[str] = []
    for label, params in meanings:
        text = _label_text(label, params, lang)
        if text not in texts:
            texts.append(text)
    joiner = " ou " if lang == "pt-BR" else " or "
    text = joiner.join(texts[:1] + [t[0].lower() + t[1:] for t in texts[1:]])
    shown = ranges_text(shows, lang)
    if shown:
        text = f"{text}: {shown}"
    text += "."
    if forcing == 2:
        text += " " + _word("game_forcing", lang)
    elif forcing == 1:
        text += " " + _word("forcing", lang)
    return text
