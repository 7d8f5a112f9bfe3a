"""The texts of the 101 table in English and Russian (merged into ``i18n.TEXTS`` and ``i18n.RULES``).

Sentences about a player come in two forms: ``key`` for a seat ("seat 2 plays 7♠") and
``key_you`` for the person at the table ("you play 7♠"), because the verb agrees with its
subject in both languages. ``{who}`` is a seat in the nominative; Russian also needs the
dative (``{to}``: "игроку 2", "вам") and the genitive ("у игрока 2", "у вас"), from ``who_*``.
The hints put the rules of thumb of ``HeuristicAgent`` (``agents.REASONS``) into words.
"""

from __future__ import annotations

from pianitsa101.game101.agents import REASONS

__all__ = ["RULES_101", "TEXTS_101"]

Text = str | tuple[str, ...]

TEXTS_101: dict[str, dict[str, Text]] = {
    # ----- who ----------------------------------------------------------------------------------
    "who_you": {"en": "you", "ru": "вы"},
    "who_You": {"en": "You", "ru": "Вы"},
    "who_you_dat": {"en": "you", "ru": "вам"},
    "who_you_gen": {"en": "you", "ru": "вас"},
    "who_seat_dat": {"en": "seat {seat}", "ru": "месту {seat}"},
    "who_seat_gen": {"en": "seat {seat}", "ru": "места {seat}"},
    "you_seat": {"en": "You (seat {seat})", "ru": "Вы (место {seat})"},
    "somebody": {"en": "the table", "ru": "стол"},
    "n_cards_acc": {"en": ("{n} card", "{n} cards"), "ru": ("{n} карту", "{n} карты", "{n} карт")},
    "clockwise": {"en": "clockwise", "ru": "по часовой стрелке"},
    "counter_clockwise": {"en": "counter-clockwise", "ru": "против часовой стрелки"},
    # ----- the log: one sentence per event --------------------------------------------------------
    "ev_dealt": {
        "en": "Round {n}: the cards are dealt; {who} plays first (R4)",
        "ru": "Кон {n}: карты розданы; первым ходит {who} (R4)",
    },
    "ev_dealt_you": {
        "en": "Round {n}: the cards are dealt; you play first (R4)",
        "ru": "Кон {n}: карты розданы; вы ходите первым (R4)",
    },
    "ev_redeal": {
        "en": "redeal: four {rank}s in one hand (R3)",
        "ru": "пересдача: четыре карты {rank} в одной руке (R3)",
    },
    "ev_starter": {
        "en": "{who} turns up {card} to start (R2)",
        "ru": "{who} открывает {card} для начала (R2)",
    },
    "ev_starter_you": {
        "en": "you turn up {card} to start (R2)",
        "ru": "вы открываете {card} для начала (R2)",
    },
    "ev_play": {"en": "{who} plays {card}", "ru": "{who} кладёт {card}"},
    "ev_play_you": {"en": "you play {card}", "ru": "вы кладёте {card}"},
    "ev_play_order": {
        "en": "{who} plays {card} and orders {suit} (R14)",
        "ru": "{who} кладёт {card} и заказывает {suit} (R14)",
    },
    "ev_play_order_you": {
        "en": "you play {card} and order {suit} (R14)",
        "ru": "вы кладёте {card} и заказываете {suit} (R14)",
    },
    "ev_order": {"en": "{who} orders {suit} (R14)", "ru": "{who} заказывает {suit} (R14)"},
    "ev_order_you": {"en": "you order {suit} (R14)", "ru": "вы заказываете {suit} (R14)"},
    "ev_draw_public": {"en": "{who} draws {cards} {why}", "ru": "{who} берёт {cards} {why}"},
    "ev_draw_public_you": {"en": "you draw {cards} {why}", "ru": "вы берёте {cards} {why}"},
    "ev_draw_own_you": {"en": "you draw {cards}: {list} {why}", "ru": "вы берёте {cards}: {list} {why}"},
    "why_play": {"en": "(to find a card to play, R7)", "ru": "(чтобы найти карту для хода, R7)"},
    "why_cover": {"en": "(to cover the 6, R9)", "ru": "(чтобы покрыть шестёрку, R9)"},
    "why_penalty": {"en": "(the penalty, R17)", "ru": "(штраф, R17)"},
    "ev_must_cover": {"en": "{who} must cover the {card} (R9)", "ru": "{who} должно покрыть {card} (R9)"},
    "ev_must_cover_you": {
        "en": "you must cover your {card} (R9)",
        "ru": "вы должны покрыть свою {card} (R9)",
    },
    "ev_may_answer": {
        "en": "{who} may answer the {card} with an ace, or lose the turn (R12)",
        "ru": "{who} может ответить на {card} тузом или пропустить ход (R12)",
    },
    "ev_may_answer_you": {
        "en": "you may answer the {card} with an ace, or lose the turn (R12)",
        "ru": "вы можете ответить на {card} тузом или пропустить ход (R12)",
    },
    "ev_pending": {"en": "{who} must draw {cards}", "ru": "{who} должно взять {cards}"},
    "ev_pending_you": {"en": "you must draw {cards}", "ru": "вы должны взять {cards}"},
    "ev_passed_on": {
        "en": "{who} passes the penalty on with {card}: now {to} must draw {cards} (R16)",
        "ru": "{who} переводит штраф картой {card}: теперь {to} брать {cards} (R16)",
    },
    "ev_passed_on_you": {
        "en": "you pass the penalty on with {card}: now {to} must draw {cards} (R16)",
        "ru": "вы переводите штраф картой {card}: теперь {to} брать {cards} (R16)",
    },
    "ev_taken_short": {
        "en": "only {drawn} of the {amount} cards were left to draw (R8)",
        "ru": "взять удалось только {drawn} из {amount} карт (R8)",
    },
    "ev_skipped": {"en": "{who} loses the turn (R12)", "ru": "{who} пропускает ход (R12)"},
    "ev_skipped_you": {"en": "you lose the turn (R12)", "ru": "вы пропускаете ход (R12)"},
    "ev_passed": {"en": "{who} passes", "ru": "{who} пасует"},
    "ev_passed_you": {"en": "you pass", "ru": "вы пасуете"},
    "ev_reversed": {
        "en": "{who} reverses the direction: now {way} (R13)",
        "ru": "{who} меняет направление: теперь {way} (R13)",
    },
    "ev_reversed_you": {
        "en": "you reverse the direction: now {way} (R13)",
        "ru": "вы меняете направление: теперь {way} (R13)",
    },
    "ev_recycled": {
        "en": "the discard pile is turned over into a new stock of {cards} (R8)",
        "ru": "сброс переворачивается и становится новой колодой: {cards} (R8)",
    },
    "ev_recycled_shuffled": {
        "en": "the discard pile is shuffled into a new stock of {cards} (R8)",
        "ru": "сброс перемешивается и становится новой колодой: {cards} (R8)",
    },
    "ev_won": {"en": "{who} wins the round (R18)", "ru": "{who} выигрывает кон (R18)"},
    "ev_won_you": {"en": "you win the round (R18)", "ru": "вы выигрываете кон (R18)"},
    "ev_abandoned": {
        "en": "the round is abandoned: the same position came up {n} times (R26); nobody scores",
        "ru": "кон прерван: одна и та же позиция повторилась {n} раза (R26); очков никто не получает",
    },
    "ev_scored": {"en": "Round {n} scored: {scores}", "ru": "Очки за кон {n}: {scores}"},
    "ev_score_item": {"en": "{who} {points} → {total}", "ru": "{who} {points} → {total}"},
    "ev_reset": {
        "en": "{who} has exactly {limit}: back to 0 (R22)",
        "ru": "у {who} ровно {limit}: снова 0 (R22)",
    },
    "ev_reset_you": {
        "en": "you have exactly {limit}: back to 0 (R22)",
        "ru": "у вас ровно {limit}: снова 0 (R22)",
    },
    "ev_over": {"en": "over {limit} (R23): {who}", "ru": "больше {limit} (R23): {who}"},
    # ----- what the player to move must do ------------------------------------------------------------
    "your_move": {"en": "Your move: {what}", "ru": "Ваш ход: {what}"},
    "ob_chain": {
        "en": "{who} must draw {cards} or pass it on with a {rank}",
        "ru": "{who} должно взять {cards} или перевести штраф картой {rank}",
    },
    "ob_chain_you": {
        "en": "draw {cards} or pass it on with a {rank}",
        "ru": "возьмите {cards} или переведите штраф картой {rank}",
    },
    "ob_chain_none_you": {
        "en": "draw {cards}: you hold no {rank} to pass it on",
        "ru": "возьмите {cards}: перевести штраф нечем, у вас нет карты достоинства {rank}",
    },
    "ob_draw": {"en": "{who} must draw {cards}", "ru": "{who} должно взять {cards}"},
    "ob_draw_you": {"en": "draw {cards}", "ru": "возьмите {cards}"},
    "ob_king": {"en": "it cannot be passed on", "ru": "его нельзя перевести"},
    "ob_cover": {"en": "{who} must cover the {card}", "ru": "{who} должно покрыть {card}"},
    "ob_cover_you": {
        "en": "cover your {card}: put a card on it, or draw until one fits",
        "ru": "покройте свою {card}: положите на неё карту или берите, пока не найдётся",
    },
    "ob_cover_any_you": {
        "en": "cover your {card} with any card, or draw one",
        "ru": "покройте свою {card} любой картой или возьмите карту",
    },
    "ob_answer": {
        "en": "{who} may answer the {card} with an ace, or lose the turn",
        "ru": "{who} может ответить на {card} тузом или пропустить ход",
    },
    "ob_answer_you": {
        "en": "answer the {card} with an ace, or pass",
        "ru": "ответьте на {card} тузом или пасуйте",
    },
    "ob_drawn_you": {"en": "play the {card} you drew", "ru": "положите взятую {card}"},
    "ob_drawn_one_you": {
        "en": "play the {card} you drew, or pass",
        "ru": "положите взятую {card} или пасуйте",
    },
    "ob_ordered": {
        "en": "{who} must play a {suit} or a queen",
        "ru": "{who} должно положить {suit} или даму",
    },
    "ob_ordered_you": {"en": "play a {suit} or a queen", "ru": "положите {suit} или даму"},
    "ob_lead": {"en": "{who} leads any card", "ru": "{who} кладёт любую карту"},
    "ob_lead_you": {"en": "lead any card", "ru": "положите любую карту"},
    "ob_normal": {"en": "{who} plays on the {top}", "ru": "{who} ходит на {top}"},
    "ob_normal_you": {
        "en": "play a card of the suit or rank of the {top}",
        "ru": "положите карту той же масти или того же достоинства, что и {top}",
    },
    "ob_or_draw_you": {"en": "or draw if none fits", "ru": "или берите, если подходящей нет"},
    # ----- the table ------------------------------------------------------------------------------------
    "game101": {"en": "101", "ru": "101 (Сто одно)"},
    "header101": {
        "en": "{players}, {deck}, seed {seed} · round {round} · limit {limit}",
        "ru": "{players}, {deck}, раздача № {seed} · кон {round} · предел {limit}",
    },
    "header101_given": {
        "en": "{players}, {deck}, a given match · round {round} · limit {limit}",
        "ru": "{players}, {deck}, заданная партия · кон {round} · предел {limit}",
    },
    "watching": {"en": "watching the bots", "ru": "смотрим игру ботов"},
    "stock": {"en": "stock", "ru": "колода"},
    "discard_pile": {"en": "discard pile", "ru": "сброс"},
    "empty_table": {"en": "nothing on the table yet", "ru": "на столе пока пусто"},
    "ordered_suit": {"en": "ordered suit", "ru": "заказана масть"},
    "direction": {"en": "play goes {way}", "ru": "ход идёт {way}"},
    "order_of_play": {"en": "order: {seats}", "ru": "порядок: {seats}"},
    "to_move": {"en": "to move", "ru": "ходит"},
    "out_of_match": {"en": "out: over {limit} (R23)", "ru": "вне игры: больше {limit} (R23)"},
    "round_winner": {"en": "won the round", "ru": "кон выигран"},
    "your_hand_out": {
        "en": "You are out of the match (over {limit}, R23): watch the others play it out.",
        "ru": "Вы выбыли из партии (больше {limit}, R23): смотрите, как доиграют остальные.",
    },
    "drawn_note": {"en": "drawn", "ru": "взята"},
    "cannot_play": {"en": "{card} does not fit now", "ru": "{card} сейчас не подходит"},
    "can_play": {"en": "play {card}", "ru": "положить {card}"},
    "chain_title": {"en": "Penalty passed on", "ru": "Штраф переводят"},
    "chain_by": {"en": "by {who}", "ru": "кладёт {who}"},
    "chain_on_table": {"en": "on the table", "ru": "лежала на столе"},
    "chain_draws": {"en": "{who} must draw {cards}", "ru": "{who} должно взять {cards}"},
    "chain_draws_you": {"en": "you must draw {cards}", "ru": "вы должны взять {cards}"},
    "total_points": {"en": "total {total}", "ru": "сумма {total}"},
    # ----- buttons and messages ----------------------------------------------------------------------
    "btn_draw": {"en": "Draw", "ru": "Взять"},
    "btn_draw_n": {"en": "Draw {n}", "ru": "Взять {n}"},
    "btn_pass": {"en": "Pass", "ru": "Пас"},
    "btn_flush": {"en": "Flush queens (R21)", "ru": "Все дамы разом (R21)"},
    "btn_hint": {"en": "Hint", "ru": "Подсказка"},
    "btn_next_round": {"en": "Next round", "ru": "Следующий кон"},
    "btn_new_match": {"en": "New match", "ru": "Новая партия"},
    "btn_same_match": {"en": "Same match again", "ru": "Та же партия"},
    "btn_next_move": {"en": "Next move", "ru": "Следующий ход"},
    "btn_watch": {"en": "Watch", "ru": "Смотреть"},
    "btn_pause": {"en": "Pause", "ru": "Пауза"},
    "choose_suit": {"en": "Order a suit for {card} (R14):", "ru": "Закажите масть для {card} (R14):"},
    "choose_suit_flush": {
        "en": "Order a suit for your queens (R21):",
        "ru": "Закажите масть для ваших дам (R21):",
    },
    "hint": {"en": "Hint ({agent}): {move}. {why}", "ru": "Подсказка ({agent}): {move}. {why}"},
    "mv_play": {"en": "play {card}", "ru": "положить {card}"},
    "mv_play_queen": {"en": "play {card} and order {suit}", "ru": "положить {card} и заказать {suit}"},
    "mv_draw": {"en": "draw", "ru": "взять"},
    "mv_pass": {"en": "pass", "ru": "пас"},
    "mv_flush": {"en": "put all queens down, ordering {suit}", "ru": "положить всех дам и заказать {suit}"},
    "no_reason": {"en": "(this bot gives no reason)", "ru": "(этот бот не объясняет ход)"},
    "hint_value": {
        "en": "it wins the match {value} ± {stderr} of the time, over {playouts} playouts{thumb}",
        "ru": "с ним партия выигрывается в {value} ± {stderr} случаев, по {playouts} доигрываниям{thumb}",
    },
    "hint_value_thumb": {"en": " (the rule of thumb's move too)",
                         "ru": " (так советует и эвристический бот)"},
    "hint_value_edge": {
        "en": "; {edge}% ± {edge_err}% against the rule of thumb's move",
        "ru": "; на {edge} ± {edge_err}\u00a0п.\u00a0п. лучше хода эвристического бота",
    },
    "wait_bots": {"en": "Wait: the bots are moving.", "ru": "Подождите: ходят боты."},
    "not_your_move": {"en": "It is not your move.", "ru": "Сейчас не ваш ход."},
    "you_are_out": {
        "en": "You are out of the match (over {limit}, R23).",
        "ru": "Вы выбыли из партии (больше {limit}, R23).",
    },
    "watch_only": {
        "en": "You are watching: no seat is yours.",
        "ru": "Вы только смотрите: своего места нет.",
    },
    "round_over_next": {
        "en": "The round is over: press “Next round”.",
        "ru": "Кон окончен: нажмите «Следующий кон».",
    },
    "match_over_new": {
        "en": "The match is over: press “New match”.",
        "ru": "Партия окончена: нажмите «Новая партия».",
    },
    "round_on": {"en": "A round is being played.", "ru": "Кон ещё идёт."},
    "queen_first": {"en": "Click a queen first (R14).", "ru": "Сначала нажмите на даму (R14)."},
    "no_flush": {
        "en": "Queens together (R21) need a hand of only queens, one of which fits.",
        "ru": "Все дамы разом (R21) — только если в руке одни дамы и одна из них подходит.",
    },
    "not_legal": {"en": "Not allowed: {error}", "ru": "Так нельзя: {error}"},
    "bots_turn": {"en": "{who} is thinking…", "ru": "{who} думает…"},
    "press_watch": {
        "en": "Press “Watch” to see the bots play, or “Next move” for one move at a time.",
        "ru": "Нажмите «Смотреть», чтобы боты играли, или «Следующий ход» — по одному ходу.",
    },
    "round_result": {"en": "Round {n}: {who} won.", "ru": "Кон {n}: победа — {who}."},
    "round_result_you": {"en": "Round {n}: you won!", "ru": "Кон {n}: вы выиграли!"},
    "round_result_abandoned": {
        "en": "Round {n} was abandoned (R26) and is dealt again.",
        "ru": "Кон {n} прерван (R26) и будет сдан заново.",
    },
    "match_over": {
        "en": "Match over after {rounds}. Lost (over {limit}, R23): {losers}. Winner: {winner}.",
        "ru": "Партия окончена: {rounds}. Проиграли (больше {limit}, R23): {losers}. Победитель: {winner}.",
    },
    "no_winner": {"en": "nobody (the lowest total is shared)", "ru": "нет (меньшая сумма у нескольких)"},
    "bot_failed": {"en": "The bot failed: {error}", "ru": "Бот ошибся: {error}"},
    # ----- the scoreboard --------------------------------------------------------------------------------
    "scoreboard": {"en": "Scoreboard", "ru": "Таблица очков"},
    "sb_round": {"en": "round", "ru": "кон"},
    "sb_reset": {"en": "exactly {limit}: 0 (R22)", "ru": "ровно {limit}: 0 (R22)"},
    "sb_out": {"en": "out (R23)", "ru": "вне игры (R23)"},
    "sb_lost": {"en": "lost (R23)", "ru": "проигрыш (R23)"},
    "sb_abandoned": {"en": "abandoned (R26)", "ru": "прерван (R26)"},
    "sb_no_rounds": {"en": "No round has been scored yet.", "ru": "Ещё ни один кон не сосчитан."},
    "sb_totals": {"en": "totals toward the limit", "ru": "сумма очков (до перебора)"},
    "sb_limit": {"en": "limit {limit}", "ru": "предел {limit}"},
    "how_scored": {"en": "How round {n} was scored (R19–R21)", "ru": "Как сосчитан кон {n} (R19–R21)"},
    "hs_out_with": {"en": "out with {cards}", "ru": "последняя карта: {cards}"},
    "hs_bonus": {"en": "queen bonus {bonus} (R20)", "ru": "бонус за даму {bonus} (R20)"},
    "hs_nothing": {"en": "nothing counted", "ru": "ничего не считается"},
    "hs_sum": {"en": "= {points}", "ru": "= {points}"},
    "hs_abandoned": {"en": "abandoned (R26): nobody scores", "ru": "прерван (R26): очков никто не получает"},
    # ----- settings -------------------------------------------------------------------------------------
    "settings101": {
        "en": "Match and rules (apply at the next match)",
        "ru": "Партия и правила (со следующей партии)",
    },
    "you_play": {"en": "you play", "ru": "вы играете"},
    "you_play_seat": {"en": "seat {seat}", "ru": "за место {seat}"},
    "you_watch": {"en": "nobody: watch the bots", "ru": "ни за кого: смотреть на ботов"},
    "delay": {"en": "bot pause (s)", "ru": "пауза ботов (с)"},
    "r_deal": {"en": "deal (R2)", "ru": "раздача (R2)"},
    "opt_four": {"en": "4 cards each", "ru": "по 4 карты"},
    "opt_five_and_starter": {"en": "5 each, dealer turns one up", "ru": "по 5, сдающий открывает карту"},
    "r_recycle": {"en": "empty stock (R8)", "ru": "колода кончилась (R8)"},
    "opt_flip": {"en": "turn the pile over", "ru": "перевернуть"},
    "opt_shuffle": {"en": "shuffle the pile", "ru": "перемешать"},
    "r_seven_spades": {"en": "7♠: draw (R10)", "ru": "7♠: взять (R10)"},
    "opt_like_any_seven": {"en": "like any seven", "ru": "как любая семёрка"},
    "r_last_card": {"en": "last card's effect applies (R18)", "ru": "последняя карта действует (R18)"},
    "r_points": {"en": "points of J, Q, K, A (R19)", "ru": "очки В, Д, К, Т (R19)"},
    "r_queen_bonus": {
        "en": "going out on a queen: -20 / Q♠ -40 (R20)",
        "ru": "выход дамой: −20 / Д♠ −40 (R20)",
    },
    "r_flush": {"en": "queens together (R21)", "ru": "все дамы разом (R21)"},
    "r_reset": {"en": "exactly 101 becomes 0 (R22)", "ru": "ровно 101 — обнуление (R22)"},
    "r_match": {"en": "end (R23)", "ru": "конец партии (R23)"},
    "opt_first_over": {"en": "first total over the limit", "ru": "первый, кто перебрал"},
    "opt_elimination": {"en": "elimination", "ru": "на выбывание"},
    "r_limit": {"en": "limit (R23)", "ru": "предел (R23)"},
    "log_new_match": {"en": "New match: {what}", "ru": "Новая партия: {what}"},
}

# The hints: the rules of thumb of HeuristicAgent (its English texts are agents.REASONS).
_THUMB_RU = {
    "only_move": "другого хода правила не разрешают",
    "flush": "положите всех дам разом и выйдите, заказав {suit} (R21)",
    "take_penalty": "переводить нечем: возьмите штраф, карт: {amount} (R17)",
    "draw_cover": "покрыть шестёрку нечем: берите, пока не найдётся (R9)",
    "draw": "подходящей карты нет: берите (R7)",
    "not_answer": "приберегите туза: пропустите ход (R12)",
    "keep_drawn": "оставьте взятую карту себе и пасуйте (R7)",
    "pass_on": "переведите штраф картой {card}: следующему брать больше (R16)",
    "answer_ace": "ответьте на туза картой {card}: пропускать будет следующий (R12)",
    "go_out": "{card} — ваша последняя карта: положите её и выиграйте кон (R18)",
    "go_out_queen": "выйдите дамой {card}: {bonus} очков с вашей суммы (R20)",
    "play_drawn": "взятая карта подходит: положите {card} (R7)",
    "attack": "следующий игрок близок к выходу: ударьте его картой {card}",
    "reverse": "{card} отворачивает игру от следующего игрока, который близок к выходу (R13)",
    "cover_six": "{card} и карта, что её покроет, уйдут вместе (R9)",
    "queen_last": "ничего лучше нет: {card} заказывает {suit}, масть, которой у вас больше всего (R14)",
    "follow_suit": "{card} оставляет вас в масти {suit}: у вас ещё карт этой масти: {count}",
    "expensive": "{card} уносит из руки очки: {points} (R19)",
}
for _key, _english in REASONS.items():
    TEXTS_101[f"thumb_{_key}"] = {"en": _english, "ru": _THUMB_RU[_key]}

# ----- the table says what its numbers are (the hand's points, the match total), names the
# card just drawn to cover a 6, and calls the loser of a first-over match lost, not out (one block). -----
TEXTS_101.update({
    "your_hand": {
        "en": "Your hand: {cards} worth {points} · match total {total}",
        "ru": "Ваши карты: {cards} на {points} · сумма за партию {total}",
    },
    "n_points": {"en": ("{n} point", "{n} points"), "ru": ("{n} очко", "{n} очка", "{n} очков")},
    "ob_cover_drawn_you": {
        "en": "you drew the {drawn}: it covers your {card}, play it",
        "ru": "вы взяли {drawn}: положите эту карту на свою {card}, она её покрывает",
    },
    "lost_match": {"en": "lost: over {limit} (R23)", "ru": "проигрыш: больше {limit} (R23)"},
    "your_hand_lost": {
        "en": "You lost the match (over {limit}, R23).",
        "ru": "Вы проиграли партию (больше {limit}, R23).",
    },
})

RULES_101: dict[str, dict[str, str]] = {
    "R2": {
        "en": "Deal: 4 cards each (or 5, and the dealer turns his 5th card up as his first move); "
        "the rest is the stock.",
        "ru": "Раздача: по 4 карты (или по 5, и сдающий открывает пятую карту первым ходом); "
        "остальное — колода.",
    },
    "R4": {
        "en": "The first player of the match is drawn at random; then the winner of a round starts the next.",
        "ru": "Первого игрока партии выбирает жребий; дальше кон начинает победитель прошлого.",
    },
    "R5": {
        "en": "Play goes clockwise (to the next seat number) until a 10 reverses it.",
        "ru": "Ход идёт по часовой стрелке (к следующему номеру), пока десятка его не развернёт.",
    },
    "R6": {
        "en": "A card goes on the top card if it has the same suit or the same rank.",
        "ru": "Карту кладут на верхнюю, если совпадает масть или достоинство.",
    },
    "R7": {
        "en": "Without a card that fits, draw until one fits and play it (or draw one card, by the option).",
        "ru": "Нет подходящей карты — берите, пока не найдётся, и кладите её (или одну карту, по правилу).",
    },
    "R8": {
        "en": "An empty stock: the discard pile, all but its top card, becomes the new stock.",
        "ru": "Колода кончилась: сброс, кроме верхней карты, становится новой колодой.",
    },
    "R9": {
        "en": "A 6 must be covered at once by the same player (or, by the option, makes the next draw).",
        "ru": "Шестёрку тот же игрок сразу покрывает (или, по правилу, следующий берёт карты).",
    },
    "R10": {
        "en": "A 7: the next player draws 2 cards and loses the turn, unless passing it on.",
        "ru": "Семёрка: следующий берёт 2 карты и пропускает ход, если не переведёт.",
    },
    "R12": {
        "en": "An ace: the next player loses the turn, unless answering with an ace.",
        "ru": "Туз: следующий пропускает ход, если не ответит тузом.",
    },
    "R13": {"en": "A 10 reverses the direction of play.", "ru": "Десятка меняет направление игры."},
    "R14": {
        "en": "A queen orders a suit: the next card must be of that suit, or another queen.",
        "ru": "Дама заказывает масть: следующая карта — этой масти или другая дама.",
    },
    "R15": {
        "en": "The K♠: the next player draws 4 cards and loses the turn; it cannot be passed on.",
        "ru": "Король пик: следующий берёт 4 карты и пропускает ход; перевести нельзя.",
    },
    "R16": {
        "en": "A 7 (or a drawing 6) may be passed on with a card of the same rank: the amount doubles "
        "(or adds up).",
        "ru": "Семёрку (или шестёрку со штрафом) можно перевести картой того же достоинства: "
        "штраф удваивается (или складывается).",
    },
    "R17": {
        "en": "Taking a penalty: draw the cards, and the turn passes on.",
        "ru": "Взять штраф: взять карты, и ход переходит дальше.",
    },
    "R18": {
        "en": "The first player with no cards left wins the round.",
        "ru": "Первый, у кого не осталось карт, выигрывает кон.",
    },
    "R19": {
        "en": "The others count the cards left in hand: 2-10 their number, J 2, Q 3, K 4, A 11.",
        "ru": "Остальные считают карты в руке: 2–10 по номиналу, В 2, Д 3, К 4, Т 11.",
    },
    "R20": {
        "en": "Going out on a queen takes 20 off the winner's total (40 for the Q♠).",
        "ru": "Выход дамой снимает 20 очков с суммы победителя (40 за даму пик).",
    },
    "R21": {
        "en": "A hand of only queens may be put down at once (option), each queen counting for R20.",
        "ru": "Руку из одних дам можно положить разом (по правилу); каждая дама считается для R20.",
    },
    "R22": {"en": "A total of exactly 101 becomes 0.", "ru": "Сумма ровно 101 становится 0."},
    "R23": {
        "en": "A total over 101 loses (or, by the option, leaves, and the last player left wins).",
        "ru": "Сумма больше 101 проигрывает (или, по правилу, выбывает, и побеждает последний).",
    },
    "R26": {
        "en": "A position seen for the third time abandons the round: nobody scores, it is dealt again.",
        "ru": "Позиция, повторившаяся в третий раз, обрывает кон: очков нет, сдают заново.",
    },
}
