"""The first screen's choices in a real headless Chromium (issue 20, left open): Kubb's set
size is one control that sets the piece sizes and shows "custom" once one is typed by hand,
and choosing a slow player (halma's ``mc``) is warned in plain words, with the measured time,
before the check starts.

Skipped only when /usr/bin/chromium is missing (``make test`` installs it).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing (apt install chromium)", allow_module_level=True)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from designer_serving import served
    from playwright.sync_api import Browser, Page, sync_playwright

    from plywright.plugins.kubb.production import SMALL_SET
    from plywright.web.app import Limits, create_app


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with served(create_app(limits=Limits(preview_workers=0))) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as driver:
        instance = driver.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield instance
        instance.close()


@pytest.fixture()
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    tab = context.new_page()
    tab.set_default_timeout(120_000)
    yield tab
    context.close()


def settled(page: Page) -> None:
    page.wait_for_function(
        "window.plywright.pending > 0 && window.plywright.applied === window.plywright.pending"
    )


def value(page: Page, key: str) -> str:
    return str(page.eval_on_selector(f'[data-field="{key}"]', "el => el.value"))


def test_kubb_set_size_sets_the_piece_sizes_and_shows_custom(page: Page, server: str) -> None:
    page.goto(f"{server}/games/kubb")
    settled(page)
    assert page.eval_on_selector("#c-set_size", "el => el.value") == "seed"
    assert value(page, "production.kubb_height") == "150.0"
    page.select_option("#c-set_size", "small")
    settled(page)
    for key, size in SMALL_SET.items():
        assert value(page, f"production.{key}") == str(size), key
    assert value(page, "rules.penalty_min_distance") == str(SMALL_SET["baton_length"] / 1000)
    assert page.eval_on_selector("#preview", "el => el.src").startswith("data:image/svg+xml")
    preset = "document.getElementById('f-preset').selectedOptions[0].textContent"
    assert page.evaluate(preset).startswith("custom (from Garden rules")
    page.select_option("#f-preset", "small")  # the small preset is the small set
    settled(page)
    assert page.eval_on_selector("#c-set_size", "el => el.value") == "small"
    page.click("#all-settings > summary")
    page.fill("#f-production-king_height", "260")  # a size typed by hand
    settled(page)
    assert page.eval_on_selector("#c-set_size", "el => el.value") == ""
    shown = page.eval_on_selector("#c-set_size", "el => el.selectedOptions[0].textContent")
    assert shown.startswith("custom")
    page.fill("#f-production-king_height", "250")  # "250" is the small set's 250.0
    settled(page)
    assert page.eval_on_selector("#c-set_size", "el => el.value") == "small"
    page.select_option("#c-set_size", "seed")
    settled(page)
    assert value(page, "production.king_height") == "300.0"
    assert value(page, "rules.length") == "10.0"  # the field stays as it was


def test_a_slow_player_is_named_before_the_check_starts(page: Page, server: str) -> None:
    page.goto(f"{server}/games/halma?preset=pro")
    settled(page)
    assert page.is_hidden("#check-slow")
    page.select_option("#f-check-agent", "mc")
    page.fill("#f-check-games", "100")
    settled(page)
    warning = page.inner_text("#check-slow")
    assert page.is_visible("#check-slow")
    assert warning.startswith("Slow players: ")
    assert "One game takes about " in warning and ", so 100 games take about " in warning
    assert "hours" in warning or "days" in warning
    assert "play fewer games or choose other players" in warning
    pro = warning
    page.fill("#f-check-games", "1")
    page.select_option("#f-check-probes", "none")
    settled(page)
    page.click("#check")  # while no game has finished, the time left is the measured one
    page.wait_for_function(
        "document.getElementById('check-state').textContent.includes('no game finished yet')"
    )
    state = page.inner_text("#check-state")
    page.click('button.cancel[data-job="check"]')
    assert "one game of these players took about 13 minutes when measured" in state
    page.wait_for_selector("#check-job", state="hidden")
    page.fill("#f-check-games", "100")
    settled(page)
    page.select_option("#f-rules-n", "4")  # the 10-peg board: shorter, still slow
    settled(page)
    assert page.inner_text("#check-slow") != pro
    page.select_option("#f-rules-n", "7")  # beyond what was measured
    settled(page)
    assert "One game takes more than " in page.inner_text("#check-slow")
    page.select_option("#f-check-agent", "greedy")
    settled(page)
    assert page.is_hidden("#check-slow")
