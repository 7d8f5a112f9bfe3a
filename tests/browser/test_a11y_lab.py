"""The tables for every eye, in JupyterLab in headless Chromium: WCAG 2.1 AA in Light and Dark, and
whole games played with the keyboard alone.

- axe-core finds no serious or critical violation in any table (Пьяница, 101 with a penalty chain
  and a hint, 101 with its scoreboard after a round, the simulation panel, the tournament board);
- every text of every table has a contrast of at least 4.5:1, measured on the rendered page;
- a 101 match (two players, to 20 points) and a Пьяница game are played to their end with keys
  only: the arrow keys move through the hand or the stacks, Enter plays, Tab reaches the buttons,
  and the card in focus is marked. The test puts the focus into each table once, as a learner's
  first click would; every move after that is a key press.
"""

from __future__ import annotations

import re
import time

import pytest
from a11y import axe_problems, focus_ring, low_contrast, set_theme
from harness import errors_shown, run_all

TABLES = [".p101-pianitsa-table", ".p101-table101", ".p101-simulation-panel", ".p101-tournament-board"]


@pytest.fixture
def lab_page(lab, page):
    """The page, set back to JupyterLab's Light theme afterwards (the theme is saved for the session)."""
    yield page
    set_theme(page, dark=False)


def test_every_table_meets_wcag_aa_in_light_and_dark(lab, lab_page):
    page = lab_page
    page.goto(lab.notebook_url("tests/browser/notebooks/a11y.ipynb"))
    run_all(page)
    assert not errors_shown(page)
    page.locator(".p101-tournament-board .p101-announcer").wait_for(state="attached")
    assert page.locator(".p101-table101").count() == 2  # a penalty chain with a hint; a scored round
    for dark in (False, True):
        set_theme(page, dark)
        theme = "Dark" if dark else "Light"
        for table in TABLES:
            assert page.locator(table).count(), f"{table} is not drawn"
            problems = axe_problems(page, table)
            assert problems == [], f"{theme}: axe found in {table}:\n" + "\n".join(problems)
            low = low_contrast(page, table)
            assert low == [], f"{theme}: text below 4.5:1 in {table}:\n" + "\n".join(low)
    # the region a screen reader reads: the bots' moves and the trick are in it, in words
    voices = page.locator(".p101-announcer[aria-live='polite']")
    assert voices.count() == 5
    assert "trick 1:" in voices.nth(0).inner_text()
    assert re.search(r"Seat \d", voices.nth(1).inner_text())


# ----- the keyboard ------------------------------------------------------------------------------

_FIND = """([scope, kind, text]) => {
  const table = document.querySelector(scope);
  if (kind === 'button') return [...table.querySelectorAll('button')].find(
      (b) => b.textContent.trim().startsWith(text) && !b.disabled && b.getClientRects().length) || null;
  return table.querySelectorAll(kind)[Number(text)] || null;
}"""


def tab_to(page, scope: str, kind: str, text: str = "0", presses: int = 40) -> None:
    """Press Tab (or Shift+Tab, towards it) until the focus is on the target: a button of the table
    whose label starts with ``text``, or the card row's item that the Tab key lands on."""
    for _ in range(presses):
        where = page.evaluate("""([find, args]) => {
          const target = eval(find)(args), active = document.activeElement;
          if (!target) return 'missing';
          if (target === active || target.contains(active)) return 'there';
          const after = active.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
          return after ? 'after' : 'before';
        }""", [_FIND, [scope, kind, text]])
        if where == "there":
            return
        assert where != "missing", f"no {kind} {text!r} to reach in {scope}"
        page.keyboard.press("Tab" if where == "after" else "Shift+Tab")
        page.wait_for_timeout(30)
    raise AssertionError(f"Tab never reached {kind} {text!r} in {scope}")


def row_state(page, row: str) -> dict:
    """The card row's items (ids, which are playable) and the index of the one in focus (-1: none)."""
    return page.evaluate("""(row) => {
      const items = [...document.querySelectorAll(row + ' > .p101-item')];
      return {ids: items.map((e) => e.dataset.id), focus: items.indexOf(document.activeElement),
              playable: items.map((e) => e.classList.contains('p101-playable'))};
    }""", row)


def arrow_to(page, row: str, index: int) -> None:
    """Move the focus along the card row with the arrow keys to the item at ``index``."""
    for _ in range(60):
        at = row_state(page, row)["focus"]
        assert at >= 0, "the focus left the card row"
        if at == index:
            return
        page.keyboard.press("ArrowRight" if at < index else "ArrowLeft")
    raise AssertionError(f"the arrow keys never reached item {index}")


def assert_focus_visible(page) -> None:
    ring = focus_ring(page)
    assert ring["outline"] != "none" and ring["width"] >= 2, f"the focus is not marked: {ring}"


T101 = ".p101-table101"
HAND = f"{T101} .p101-row[data-layout='fan']"
SUITS = f"{T101} .p101-row:not([data-layout='fan'])"


def table_state(page) -> tuple:
    """What the 101 table shows now: the status line, the hand, the suit row, and the buttons enabled."""
    return page.evaluate("""([t, hand, suits]) => {
      const table = document.querySelector(t);
      const on = (text) => [...table.querySelectorAll('button')].some(
          (b) => b.textContent.trim().startsWith(text) && !b.disabled && b.getClientRects().length);
      const playable = (row) => [...document.querySelectorAll(row + ' > .p101-item')]
          .map((e, i) => e.classList.contains('p101-playable') ? i : -1).filter((i) => i >= 0);
      return [table.querySelector('.p101-status')?.innerText || '', playable(hand).join(','),
              document.querySelector(suits)?.getClientRects().length ? playable(suits).join(',') : '',
              on('Draw'), on('Pass'), on('Next round'),
              table.querySelector('.p101-log')?.innerText.length || 0];
    }""", [T101, HAND, SUITS])


def settled(page, timeout: float = 60) -> tuple:
    """Wait until the table is waiting for you (your move, the round's or the match's end) and the page
    has stopped changing (the same state three polls running)."""
    deadline, same = time.monotonic() + timeout, []
    while time.monotonic() < deadline:
        state = table_state(page)
        same = [*same, state] if same and same[-1] == state else [state]
        status, hand, suits, draw, pass_, next_round = state[:6]
        waiting = (status.startswith("Your move") and (hand or suits or draw or pass_)) or next_round or \
            status.startswith("Match over")
        if waiting and len(same) >= 3:
            return state
        page.wait_for_timeout(80)
    raise AssertionError(f"the table never waited for a key: {table_state(page)}")


def test_a_whole_101_match_with_the_keyboard_alone(lab, page):
    page.goto(lab.notebook_url("tests/browser/notebooks/keyboard.ipynb"))
    run_all(page)
    assert not errors_shown(page)
    page.locator(f"{HAND} > .p101-item").first.wait_for()
    page.locator(f"{HAND} > .p101-item[tabindex='0']").focus()  # the learner's one click into the table
    keys = {"cards": 0, "suits": 0, "draw": 0, "pass": 0, "rounds": 0}
    for _ in range(80):
        status, hand, suits, draw, pass_, next_round, log = settled(page)
        if status.startswith("Match over"):
            break
        if suits:  # a queen was played: choose its suit in the row that opened under the hand
            tab_to(page, T101, f"{SUITS} > .p101-item[tabindex='0']")
            arrow_to(page, SUITS, int(suits.split(",")[0]))
            assert_focus_visible(page)
            page.keyboard.press("Enter")
            keys["suits"] += 1
        elif hand:
            if row_state(page, HAND)["focus"] < 0:
                tab_to(page, T101, f"{HAND} > .p101-item[tabindex='0']")
            arrow_to(page, HAND, int(hand.split(",")[0]))
            assert_focus_visible(page)
            page.keyboard.press("Enter")
            keys["cards"] += 1
        elif draw or pass_ or next_round:
            word = "Draw" if draw else "Pass" if pass_ else "Next round"
            tab_to(page, T101, "button", word)
            page.keyboard.press("Enter")
            keys[{"Draw": "draw", "Pass": "pass", "Next round": "rounds"}[word]] += 1
        before, deadline = (status, hand, suits, draw, pass_, next_round, log), time.monotonic() + 60
        while table_state(page) == before:  # the key was taken: the table changed
            assert time.monotonic() < deadline, f"the key changed nothing: {before}"
            page.wait_for_timeout(50)
    else:
        raise AssertionError(f"the match did not end: {keys}")
    assert re.search(r"Match over after \d+ rounds?", status), status
    assert keys["cards"] >= 3 and keys["rounds"] >= 1 and keys["suits"] >= 1, keys
    assert not errors_shown(page)


KEYBOARD_STACKS = ["K♠ 8♦ 9♠ J♣", "K♥ 10♣ 7♦ A♥", "9♦ Q♠ A♣ Q♣"]  # the deal of keyboard.ipynb


def stacks_shown(page, table: str) -> dict:
    """What the Пьяница table shows: its header, each stack's count and which stacks may be turned."""
    return page.evaluate("""(t) => {
      const table = document.querySelector(t), items = [...table.querySelectorAll('.p101-row > .p101-item')];
      return {header: table.querySelector('.widget-html')?.innerText || '',
              counts: items.map((e) => parseInt(e.querySelector('.p101-note')?.textContent || '-1', 10)),
              playable: items.map((e) => e.classList.contains('p101-playable'))};
    }""", table)


def wait_for_trick(page, table: str, game, timeout: float = 60) -> dict:
    """Wait until the whole table shows ``game`` as it stands: the header, every stack and which may
    be turned. The widgets' messages arrive one by one (the header may come before the stacks), and a
    key pressed on a stack drawn before the trick it just lost is ignored."""
    want = {"counts": [len(stack) for stack in game.stacks],
            "playable": [bool(stack) and not game.over for stack in game.stacks]}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = stacks_shown(page, table)
        if f"trick {game.tricks} of {game.tricks}" in shown["header"] and \
                {k: shown[k] for k in want} == want:
            return shown
        page.wait_for_timeout(50)
    raise AssertionError(f"the table never showed trick {game.tricks} ({want}): {stacks_shown(page, table)}")


def test_a_whole_pianitsa_game_with_the_keyboard_alone(lab, page):
    from pianitsa101.pianitsa import PianitsaGame, PianitsaRules

    game = PianitsaGame.from_stacks(KEYBOARD_STACKS, rules=PianitsaRules(dispute_face_down=1))
    page.goto(lab.notebook_url("tests/browser/notebooks/keyboard.ipynb"))
    run_all(page)
    table = ".p101-pianitsa-table"
    stacks = f"{table} .p101-row"
    page.locator(f"{stacks} > .p101-item").first.wait_for()
    page.locator(f"{stacks} > .p101-item[tabindex='0']").focus()  # the learner's one click into the table
    assert_focus_visible(page)
    page.keyboard.press("Enter")  # the top cards: trick 1, a dispute
    game.play_trick()
    wait_for_trick(page, table, game)
    page.keyboard.press("ArrowRight")
    assert row_state(page, stacks)["focus"] == 1
    assert_focus_visible(page)
    tab_to(page, table, "button", "Next trick")
    page.keyboard.press("Enter")
    game.play_trick()
    wait_for_trick(page, table, game)
    tab_to(page, table, f"{stacks} > .p101-item[tabindex='0']")  # back to the stacks (Shift+Tab)
    while not game.over:
        shown = wait_for_trick(page, table, game)
        arrow_to(page, stacks, shown["playable"].index(True))
        assert_focus_visible(page)
        page.keyboard.press("Enter")
        game.play_trick()
        assert game.tricks <= 20, "the game did not end"
    wait_for_trick(page, table, game)
    assert game.tricks == 4
    # the line under the stacks may come a moment after them
    page.wait_for_function("(t) => document.querySelector(t).innerText.includes('Game over after 4 tricks')",
                           arg=table)
    assert "Пьяница" in page.locator(f"{table} .widget-html").first.inner_text()
    assert not errors_shown(page)
