"""plywright.typography.typeset: each language's quotes, dashes, apostrophes, ranges and
no-break spaces; idempotent; file names, ×, decimals, tags and placeholders left alone."""

from __future__ import annotations

import pytest

from plywright.typography import NBSP, typeset

N = NBSP


def test_latvian_quotes_dashes_ranges_and_units() -> None:
    assert typeset('Sk. "Uzvarētājs" — tad', "lv") == f"Sk. „Uzvarētājs“{N}– tad"
    assert typeset("„kāpnes” un “halma”", "lv") == "„kāpnes“ un „halma“"
    assert typeset("bez 'ietilpināt lapā'", "lv") == "bez „ietilpināt lapā“"
    assert typeset("spēle 2-6 spēlētājiem - viegli", "lv") == f"spēle 2–6{N}spēlētājiem{N}– viegli"
    assert typeset("0,5 mm dziļi, 100 %", "lv") == f"0,5{N}mm dziļi, 100{N}%"


def test_dutch_quotes_apostrophes_dashes_and_units() -> None:
    assert typeset('niet "aanpassen"', "nl") == "niet „aanpassen”"
    assert typeset("“zo” en „dit“", "nl") == "„zo” en „dit”"
    assert typeset("de pagina's 2-16 — klaar", "nl") == f"de pagina’s 2–16{N}– klaar"
    assert typeset("{value} mm en 5 m", "nl") == f"{{value}}{N}mm en 5{N}m"


def test_ukrainian_quotes_apostrophe_dashes_and_ranges() -> None:
    assert typeset("з'єднує п’ять", "uk") == "зʼєднує пʼять"
    assert typeset('без "вмістити" чи “так”', "uk") == "без «вмістити» чи «так»"
    assert typeset("«2 – 10» - так", "uk") == f"«2–10»{N}— так"
    assert typeset("фішки – 30 мм", "uk") == f"фішки{N}— 30{N}мм"
    assert typeset("100 мм, „внутрішні“", "uk") == f"100{N}мм, „внутрішні“"


def test_ukrainian_short_words_and_particles_keep_their_neighbour() -> None:
    assert typeset("Малих фішок у гравця", "uk") == f"Малих фішок у{N}гравця"
    assert typeset("хоча б однієї, можна було б", "uk") == f"хоча{N}б однієї, можна було{N}б"
    assert typeset("і так, а потім з «джокером»", "uk") == f"і{N}так, а{N}потім з{N}«джокером»"
    assert typeset("зʼєднує", "uk") == "зʼєднує"  # a letter of a word, not a word
    assert typeset("у гравця", "lv") == "у гравця"  # Ukrainian only


def test_english_quotes_apostrophes_ranges_and_its_own_dashes() -> None:
    assert typeset("no 'fit to page', don't \"guess\"", "en") == "no “fit to page”, don’t “guess”"
    assert typeset("pages 2-16 — and 3 - 4", "en") == "pages 2–16 — and 3–4"
    assert typeset("a - b", "en") == "a - b"  # English keeps its own dashes
    assert typeset("Print at 100 %", "en") == f"Print at 100{N}%"


def test_a_number_keeps_its_noun_and_a_measurement_its_times_sign() -> None:
    assert typeset("nog minstens 2 werpstokken, alle 5 basiskubbs", "nl") == (
        f"nog minstens 2{N}werpstokken, alle 5{N}basiskubbs"
    )
    assert typeset("raadt 10 × 5 m aan", "nl") == f"raadt 10{N}×{N}5{N}m aan"
    assert typeset("{w} × {h} mm", "en") == f"{{w}}{N}×{N}{{h}}{N}mm"
    assert typeset("0,5 stoklengte", "nl") == f"0,5{N}stoklengte"
    assert typeset("3 min, 2 джокера", "uk") == f"3{N}min, 2{N}джокера"
    # filled in later, a placeholder's value is joined then: not its next word now
    read = typeset("{count} werpstokken", "nl")
    assert read == "{count} werpstokken"
    assert typeset(read.format(count=2), "nl") == f"2{N}werpstokken"
    # no times sign of a measurement: a word on either side, a hyphenated code
    assert typeset("mm × 45°, A2 × b", "lv") == "mm × 45°, A2 × b"


LEFT_ALONE = [
    "rulebook-lv.pdf",
    "halma-standard",
    "examples/kubb-2-3.toml",
    "0,5-1,5",
    "D8.2-10",
    "A2-3",
    '<font name="DejaVuSans">x</font>',
    "{min}-{max}",
    "„labi“",
    "kubb-2 x",
    "v2 mode",
]


@pytest.mark.parametrize("lang", ["lv", "nl", "uk", "en"])
@pytest.mark.parametrize("text", LEFT_ALONE)
def test_names_codes_tags_and_right_quotes_are_left_alone(text: str, lang: str) -> None:
    if text == "„labi“" and lang != "lv":
        return  # right in Latvian only
    assert typeset(text, lang) == text


SAMPLES = [
    'Sk. "Uzvara" — 2-6 spēlētāji, 0,5 mm, „kāpnes”',
    'De pagina\'s 2 - 16 — “zo” {value} mm <b>"vet"</b>',
    'з\'єднує «2 – 10» "так" — ні, 100 мм',
    "Don't 'fit' pages 2-16 - 100 %",
]


@pytest.mark.parametrize("lang", ["lv", "nl", "uk", "en"])
@pytest.mark.parametrize("text", SAMPLES)
def test_typeset_is_idempotent(text: str, lang: str) -> None:
    once = typeset(text, lang)
    assert typeset(once, lang) == once
