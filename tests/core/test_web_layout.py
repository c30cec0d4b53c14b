"""The designer in a real headless Chromium at a phone's width (375 px) and a desktop's
(1400 px): no horizontal overflow (also after a check's tables), the preview in view after an
edit on a phone, every control reachable by keyboard (upload too), errors tied to their fields
for screen readers, the preset shown as "custom", honest words when the server is gone, and a
build's warnings. Also makes the README's phone screenshot (docs/designer-phone.png when
missing or PLYWRIGHT_UPDATE_SCREENSHOT=1).

Skipped only when /usr/bin/chromium is missing (``make test`` installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
PHONE_SHOT = Path(tempfile.gettempdir()) / "plywright-web" / "designer-phone.png"
README_PHONE_SHOT = Path(__file__).resolve().parents[2] / "docs" / "designer-phone.png"
"""Replaced only when missing or with PLYWRIGHT_UPDATE_SCREENSHOT=1 (keeps the tree clean)."""
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing (apt install chromium)", allow_module_level=True)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from designer_serving import served
    from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

    from plywright.web.app import create_app

PHONE: ViewportSize = {"width": 375, "height": 700}
DESKTOP: ViewportSize = {"width": 1400, "height": 1000}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with served(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as driver:
        instance = driver.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield instance
        instance.close()


@pytest.fixture()
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP)
    tab = context.new_page()
    tab.set_default_timeout(120_000)
    yield tab
    context.close()


def settled(page: Page) -> None:
    page.wait_for_function(
        "window.plywright.pending > 0 && window.plywright.applied === window.plywright.pending"
    )


def overflow(page: Page) -> int:
    """How many pixels the page is wider than the window."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def cut_labels(page: Page) -> list[str]:
    """Labels of visible fields whose text does not fit their box."""
    return list(
        page.evaluate(
            """Array.from(document.querySelectorAll('.field > label'))
              .filter((l) => l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1)
              .map((l) => l.textContent.trim())"""
        )
    )


def in_view(page: Page, selector: str) -> bool:
    box: Any = page.evaluate(
        f"""(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
            return [r.top, r.bottom, r.height, window.innerHeight]; }})()"""
    )
    top, bottom, height, window_height = box
    return height > 50 and top >= -1 and bottom <= window_height + 1


def uncovered(page: Page, selector: str) -> bool:
    """True when the middle of ``selector``'s box is in the window and shows it (no sticky
    picture over it)."""
    return bool(
        page.evaluate(
            f"""(() => {{ const el = document.querySelector({selector!r});
                const r = el.getBoundingClientRect();
                const x = r.left + r.width / 2, y = r.top + r.height / 2;
                if (y < 0 || y > window.innerHeight) return false;
                const hit = document.elementFromPoint(x, y);
                return hit === el || el.contains(hit); }})()"""
        )
    )


def test_a_check_fits_at_1400_and_at_375_px(page: Page, server: str) -> None:
    page.goto(f"{server}/games/kubb")
    settled(page)
    assert overflow(page) == 0
    page.fill("#f-check-games", "6")
    page.select_option("#f-check-probes", "none")
    settled(page)
    page.click("#check")
    page.wait_for_selector("#verdict", timeout=600_000)
    assert page.locator("#check-result table.metrics tr").count() >= 10
    assert "engine" not in page.inner_text("#verdict")
    assert overflow(page) == 0
    page.click("#all-settings > summary")
    assert cut_labels(page) == []
    page.set_viewport_size(PHONE)
    assert overflow(page) == 0
    assert cut_labels(page) == []


def test_on_a_phone_the_preview_stays_in_view_while_editing(page: Page, server: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{server}/games/halma")
    settled(page)
    assert overflow(page) == 0
    page.click("#all-settings > summary")
    # from further down, back up to a field by keyboard focus (the window scrolls to it)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.focus("#f-production-margin")
    page.keyboard.press("Control+A")
    page.keyboard.type("20")
    settled(page)
    assert in_view(page, "#preview")
    assert uncovered(page, "#f-production-margin")  # the field edited is not under it
    assert overflow(page) == 0
    PHONE_SHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(PHONE_SHOT))
    if not README_PHONE_SHOT.exists() or os.environ.get("PLYWRIGHT_UPDATE_SCREENSHOT") == "1":
        shutil.copyfile(PHONE_SHOT, README_PHONE_SHOT)
    page.click("#preview-toggle")  # the picture folds away to give the form the screen
    assert not page.is_visible("#preview")
    assert page.get_attribute("#preview-toggle", "aria-expanded") == "false"
    page.click("#preview-toggle")
    assert page.is_visible("#preview")


def test_the_keyboard_reaches_every_control_and_upload(page: Page, server: str) -> None:
    page.goto(f"{server}/games/tictactoe")
    settled(page)
    reached: list[str] = []
    for _ in range(120):
        page.keyboard.press("Tab")
        reached.append(
            str(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
        )
    for control in ("f-preset", "f-name", "f-rules-size", "download", "upload-button", "build"):
        assert control in reached, control
    page.focus("#upload-button")
    assert page.evaluate("document.activeElement.id") == "upload-button"
    with page.expect_file_chooser() as chooser:
        page.locator("#upload-button").press("Enter")
    assert chooser.value.element.get_attribute("id") == "upload"


def test_errors_are_tied_to_their_fields_for_screen_readers(page: Page, server: str) -> None:
    page.goto(f"{server}/games/halma")
    settled(page)
    assert page.locator("[role=alert]").count() <= 1
    page.fill("#f-rules-players", "9")
    settled(page)
    box = page.locator("#f-rules-players")
    assert box.get_attribute("aria-invalid") == "true"
    described = (box.get_attribute("aria-describedby") or "").split()
    texts = [page.inner_text(f"#{name}") for name in described]
    assert any(text.startswith("must be at most 6") for text in texts), texts
    assert page.inner_text("#top-error") == "One value needs fixing: it is marked below."
    page.fill("#f-rules-players", "2")
    settled(page)
    assert box.get_attribute("aria-invalid") is None


def test_the_preset_shows_custom_once_a_field_departs(page: Page, server: str) -> None:
    page.goto(f"{server}/games/halma")
    settled(page)
    shown = "document.getElementById('f-preset').selectedOptions[0].textContent"
    assert page.evaluate(shown) == "10 pegs (standard)"
    page.fill("#f-rules-players", "3")
    settled(page)
    assert page.evaluate(shown) == "custom (from 10 pegs (standard))"
    page.fill("#f-rules-players", "2")
    settled(page)
    assert page.evaluate(shown) == "10 pegs (standard)"
    page.fill("#f-rules-players", "")  # an empty box says what the preview uses
    settled(page)
    assert page.get_attribute("#f-rules-players", "placeholder") == "2 (used when left empty)"


def test_a_stopped_server_is_named_as_the_cause(page: Page, server: str) -> None:
    page.goto(f"{server}/games/tictactoe")
    settled(page)
    page.route("**/evaluate", lambda route: route.abort())
    page.fill("#f-rules-size", "4")
    settled(page)
    assert page.inner_text("#preview-note").startswith("no answer from the server")
    assert "layout/svg" not in page.inner_text("body")
    assert in_view(page, "#preview-note") or page.is_visible("#preview-note")
    assert "fix the values" not in page.inner_text("body")
    page.unroute("**/evaluate")
    page.fill("#f-rules-k_in_row", "3")
    settled(page)
    assert not page.inner_text("#preview-note").startswith("no answer")
    assert page.is_visible("#preview")

    # a running build loses the server, then finds it again; its warnings are shown
    page.route("**/jobs/*", lambda route: route.abort())
    page.click("#build")
    page.wait_for_function("document.getElementById('build-error').textContent !== ''")
    assert page.inner_text("#build-error").startswith("lost contact with the server")
    assert "Failed to fetch" not in page.inner_text("body")
    page.unroute("**/jobs/*")
    page.wait_for_selector("#build-zip", timeout=300_000)
    warning = page.inner_text("#build-result .build-warning")
    assert warning.startswith("warning: not-a-solved-win: three in a row on 4 x 4")


def test_a_slow_check_says_how_long_it_has_left(page: Page, server: str) -> None:
    page.goto(f"{server}/games/tictactoe")
    settled(page)
    shown: dict[str, Any] = {"done": 0, "seconds": 25.0}

    def status(route: Any) -> None:
        body = {
            "id": "slowjob12345", "kind": "check", "state": "running", "total": 10,
            "message": "", "result": None, **shown,
        }  # fmt: skip
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    def started(route: Any) -> None:
        route.fulfill(status=202, content_type="application/json", body='{"id": "slowjob12345"}')

    page.route("**/games/tictactoe/check", started)
    page.route("**/jobs/slowjob12345", status)
    page.click("#check")
    page.wait_for_function("document.getElementById('check-state').textContent !== ''")
    assert "no game finished yet" in page.inner_text("#check-state")
    shown.update(done=5, seconds=10.0)
    page.wait_for_function("document.getElementById('check-state').textContent.includes('left')")
    assert page.inner_text("#check-state").endswith("about 10 s left")
    page.unroute("**/jobs/slowjob12345")
    page.unroute("**/games/tictactoe/check")
