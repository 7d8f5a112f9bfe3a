"""Table101 in JupyterLab in headless Chromium: a learner clicks cards, the bots answer one move at a
time (their pause runs on the kernel's event loop), a hint; nothing is asked of other hosts."""

from __future__ import annotations

import time

from harness import errors_shown, offsite, record_requests, run_all

NOTEBOOK = "tests/browser/notebooks/table101.ipynb"
LOG = ".p101-table101 .p101-log"


def log_lines(page) -> list[str]:
    """The table's log, newest first."""
    return page.eval_on_selector_all(f"{LOG} > div", "rows => rows.map(r => r.innerText)")


def table_shown(page) -> dict:
    """What the page's table shows: the status line, the log (newest first), the hand's playable cards
    and whether Draw and Pass are enabled."""
    return page.evaluate("""(log) => {
      const table = document.querySelector('.p101-table101');
      const on = (text) => [...table.querySelectorAll('button')].some(
          (b) => b.textContent.trim().startsWith(text) && !b.disabled);
      return {status: table.querySelector('.p101-status')?.innerText || '',
              log: [...document.querySelectorAll(log + ' > div')].map((r) => r.innerText),
              playable: [...table.querySelectorAll(".p101-row[data-layout='fan'] > .p101-playable")]
                  .map((e) => e.dataset.id),
              draw: on('Draw'), pass: on('Pass')};
    }""", LOG)


def wait_for_table(page, game, timeout: float = 60) -> dict:
    """Wait until the page's table shows ``game`` (the same match in this process, its bots replying at
    once): every line of its log, your playable cards and Draw and Pass, and the status (your move, or
    the round's or the match's end). Each widget is redrawn by a message of its own and they arrive one
    by one: a table that says "Your move" may not have redrawn its hand or its buttons yet."""
    m = game.match
    want = {"log": game.log_lines, "playable": game.hand.playable_ids(),
            "draw": not game.draw_button.disabled, "pass": not game.pass_button.disabled}
    status = "Match over" if m.over else "Round" if m.current is None else "Your move"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = table_shown(page)
        if shown["status"].startswith(status) and {k: shown[k] for k in want} == want:
            return shown
        page.wait_for_timeout(60)
    raise AssertionError(f"the table never showed {status!r} with {want}: {table_shown(page)}")


def watch_the_log(page) -> None:
    """Record in the page the length of the log each time it is drawn (``window.p101LogLengths``): the
    bots' moves, 0.3 s apart, must be drawn one by one, and polling from here could miss one on a busy
    machine."""
    page.evaluate("""(log) => {
      const seen = window.p101LogLengths = [];
      const note = () => {
        const n = document.querySelectorAll(log + ' > div').length;
        if (seen[seen.length - 1] !== n) seen.push(n);
      };
      note();
      new MutationObserver(note).observe(document.querySelector('.p101-table101'),
                                         {childList: true, subtree: true, characterData: true});
    }""", LOG)


def log_lengths(page) -> list[int]:
    """The log's lengths drawn since the last call, the one it had then first (see ``watch_the_log``)."""
    return page.evaluate("() => { const seen = window.p101LogLengths, out = seen.splice(0);"
                         " seen.push(out[out.length - 1]); return out; }")


def test_table101_in_the_browser(lab, page):
    from pianitsa101.widgets import Table101

    game = Table101(players=3, seed=5, delay=0)  # the notebook's table, here its bots reply at once
    seen = record_requests(page)
    page.goto(lab.notebook_url(NOTEBOOK))
    run_all(page)
    assert not errors_shown(page)
    table = page.locator(".p101-table101")
    table.wait_for()
    assert "101" in table.locator(".widget-html").first.inner_text()
    assert table.locator(".p101-seat").count() == 2  # the two bots, as card backs with counts and totals
    assert table.locator(".p101-seat svg").count() >= 2

    # seat 2 plays first: its move comes after the pause, scheduled on the kernel's event loop
    wait_for_table(page, game)
    assert any(line.startswith("Seat 2 plays") for line in log_lines(page))
    hand = table.locator(".p101-row[data-layout='fan'] .p101-item")
    assert hand.count() == 4 and hand.locator("svg").count() == 4  # your hand, drawn as cards

    table.get_by_role("button", name="Hint").click()
    page.wait_for_selector(".p101-hint")
    assert "Hint (HeuristicAgent())" in table.locator(".p101-hint").inner_text()

    watch_the_log(page)
    steps = []
    for _ in range(3):  # a few moves: a card that fits (a suit after a queen), or Draw
        before = len(log_lines(page))
        log_lengths(page)
        playable = table.locator(".p101-row[data-layout='fan'] .p101-playable")
        if playable.count():
            card = playable.first.get_attribute("data-id")
            playable.first.click()
            game.click_card(card)
            if card.startswith("Q"):
                suit = table.locator(".p101-row:not([data-layout='fan']) .p101-playable").nth(1)  # ♥
                game.choose_suit(suit.get_attribute("data-id"))
                suit.click()
            mine = f"You play {card}"
        elif not game.draw_button.disabled:
            table.get_by_role("button", name="Draw").first.click()
            game.draw()
            mine = "You draw"
        else:  # drawn already and nothing fits (R7): pass
            table.get_by_role("button", name="Pass").first.click()
            game.pass_turn()
            mine = "You pass"
        page.wait_for_function(f"() => document.querySelector('{LOG}').innerText.includes('{mine}')")
        wait_for_table(page, game)  # the bots' replies, every line of them, and your next move
        steps.append([n for n in log_lengths(page) if n > before])  # drawn after your own line came
        if game.match.current is None:  # the round (or the match) is over
            break
        assert len(log_lines(page)) > before
    # the bots' replies came one at a time, a pause apart: the log was drawn growing line by line
    assert max(len(lengths) for lengths in steps) >= 3, steps
    assert not errors_shown(page)
    assert offsite(seen) == []  # no CDN, no web fonts: everything came from 127.0.0.1
